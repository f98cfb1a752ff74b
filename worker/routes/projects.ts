import { Hono } from "hono";
import { z } from "zod";
import { idParam, projectParam } from "../../schema/api/common";
import { DOCUMENT_MESSAGES, MAX_WIZARD_TOTAL_BYTES, onboardingSchema, projectDeleteSchema, projectUpdateSchema } from "../../schema/api/projects";
import type { AppEnv } from "../lib/context";
import { requireUser } from "./middleware/session";
import { serviceContext } from "./middleware/service-context";
import { badRequest, payloadTooLarge } from "../lib/errors";
import { validate } from "../lib/validate";
import { getProject, listProjects, projectProgress, setOnboardingSeen, updateProject } from "../services/projects";
import { deleteProject } from "../services/projects";
import { checkSubmission, createProject, deleteDocument, listDocuments } from "../services/projects";
import { feedBrainWithWizardDocuments } from "../services/brain";
import { describeRoute } from "../lib/openapi";
import { projectDocumentListResponse, projectListResponse, projectProgressResponse, projectResponse } from "../../schema/api/projects-responses";

const documentParam = z.object({ projectId: idParam, documentId: idParam });

// Refused before the body is read: a Worker has 128 MB of memory and form data is buffered whole.
const MAX_SUBMISSION_BYTES = MAX_WIZARD_TOTAL_BYTES + 1024 * 1024;

async function readSubmissionBody(req: Request): Promise<FormData | Record<string, unknown>> {
  const length = Number(req.headers.get("content-length") ?? "0");
  if (length > MAX_SUBMISSION_BYTES) throw payloadTooLarge(DOCUMENT_MESSAGES.total);
  const type = req.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body: unknown = await req.json();
      if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
    } else if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
      return await req.formData();
    }
  } catch {
    /* unreadable body: answered below */
  }
  throw badRequest("Send the project as multipart/form-data");
}

// Mounted at /api/projects. Every handler resolves the caller and leaves ownership to the service.
export const projectRoutes = new Hono<AppEnv>()
  .get("/", describeRoute({ summary: "The caller's projects, oldest first", responses: { 200: projectListResponse } }), requireUser, async (c) =>
    c.json(await listProjects(serviceContext(c))),
  )
  .post(
    "/",
    describeRoute({ summary: "Create a project (multipart: details and up to 10 documents)", responses: { 201: projectResponse } }),
    requireUser,
    async (c) => {
      const submission = await checkSubmission(await readSubmissionBody(c.req.raw));
      const ctx = serviceContext(c);
      const project = await createProject(ctx, submission);
      c.executionCtx.waitUntil(feedBrainWithWizardDocuments(ctx, project.id, submission.documents));
      return c.json(project, 201);
    },
  )
  .get("/:projectId", describeRoute({ summary: "One project", responses: { 200: projectResponse } }), requireUser, validate("param", projectParam), async (c) =>
    c.json(await getProject(serviceContext(c), c.req.valid("param").projectId)),
  )
  .patch(
    "/:projectId",
    describeRoute({
      summary: "Project settings: name, industry, brand voice, description (Owner, Editor); approval settings (Owner)",
      responses: { 200: projectResponse },
    }),
    requireUser,
    validate("param", projectParam),
    validate("json", projectUpdateSchema),
    async (c) => c.json(await updateProject(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json"))),
  )
  .delete(
    "/:projectId",
    describeRoute({ summary: "Delete a project and everything in it (Owner; body: its name typed again)", responses: { 204: null } }),
    requireUser,
    validate("param", projectParam),
    validate("json", projectDeleteSchema),
    async (c) => {
      await deleteProject(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json").name);
      return c.body(null, 204);
    },
  )
  .patch(
    "/:projectId/onboarding",
    describeRoute({ summary: "Set the onboarding-seen flag", responses: { 200: projectResponse } }),
    requireUser,
    validate("param", projectParam),
    validate("json", onboardingSchema),
    async (c) => c.json(await setOnboardingSeen(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json").has_seen_onboarding)),
  )
  .get(
    "/:projectId/documents",
    describeRoute({ summary: "The project's uploaded documents", responses: { 200: projectDocumentListResponse } }),
    requireUser,
    validate("param", projectParam),
    async (c) => c.json(await listDocuments(serviceContext(c), c.req.valid("param").projectId)),
  )
  .delete(
    "/:projectId/documents/:documentId",
    describeRoute({ summary: "Delete a project document", responses: { 204: null } }),
    requireUser,
    validate("param", documentParam),
    async (c) => {
      const { projectId, documentId } = c.req.valid("param");
      await deleteDocument(serviceContext(c), projectId, documentId);
      return c.body(null, 204);
    },
  )
  .get(
    "/:projectId/progress",
    describeRoute({ summary: "Header progress flags (brain, social, posts)", responses: { 200: projectProgressResponse } }),
    requireUser,
    validate("param", projectParam),
    async (c) => c.json(await projectProgress(serviceContext(c), c.req.valid("param").projectId)),
  );
