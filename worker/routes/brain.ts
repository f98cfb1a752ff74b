// /api/projects/:projectId/brain — thin handlers; ownership and rules live in services/brain-*.
import { Hono } from "hono";
import { brainQuerySchema, brainSegmentRoleSchema, brainTextDocumentSchema, brainUrlDocumentSchema, BRAIN_MAX_FILE_BYTES } from "../../schema/api/brain";
import { requireUser, currentUser } from "./middleware/session";
import type { AppEnv } from "../lib/context";
import { ApiError, badRequest, payloadTooLarge } from "../lib/errors";
import { fieldErrors, validate } from "../lib/validate";
import { ownedProject } from "../lib/ownership";
import { serviceContext } from "./middleware/service-context";
import { addFileDocument, addTextDocument, addUrlDocument, deleteDocument, getDocument, listDocuments } from "../services/brain";
import { queryBrain } from "../services/brain";
import { projectSummary } from "../services/brain";
import { EXTRACT_MESSAGES } from "../services/brain";
import type { Context } from "hono";
import { describeRoute } from "../lib/openapi";
import {
  brainDocumentListResponse,
  brainDocumentResponse,
  brainIndexStatusResponse,
  brainQueryResponse,
  brainSegmentResponse,
  brainSummaryResponse,
} from "../../schema/api/brain-responses";
import { setSegmentRole } from "../services/brain";
import { indexStatusFor } from "../services/brain";

type Ctx = Context<AppEnv>;

const projectIdOf = (c: Ctx) => c.req.param("projectId") ?? "";

function parseWith<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } },
  body: unknown,
): T {
  const r = schema.safeParse(body);
  if (!r.success) {
    const fields = fieldErrors(r.error.issues);
    throw badRequest(Object.values(fields)[0] ?? "Invalid input", fields);
  }
  return r.data;
}

async function addDocument(c: Ctx) {
  const projectId = projectIdOf(c);
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > BRAIN_MAX_FILE_BYTES + 64 * 1024) throw payloadTooLarge(EXTRACT_MESSAGES.tooLarge);
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw badRequest("Invalid upload");
    }
    const file = form.get("file");
    if (!file || typeof file === "string") throw badRequest("Please choose a file", { file: "Please choose a file" });
    const title = form.get("title");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const doc = await addFileDocument(serviceContext(c), projectId, { name: file.name, bytes }, typeof title === "string" ? title : undefined);
    return c.json(doc, 202);
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("Invalid JSON body");
  }
  if (body && typeof body === "object" && "url" in body) {
    const { url } = parseWith(brainUrlDocumentSchema, body);
    return c.json(await addUrlDocument(serviceContext(c), projectId, url, undefined, c.req.url), 202);
  }
  const input = parseWith(brainTextDocumentSchema, body);
  return c.json(await addTextDocument(serviceContext(c), projectId, input), 202);
}

export const brainRoutes = new Hono<AppEnv>()
  .use("*", requireUser)
  // Another user's project answers 404 before any input is looked at (services check again).
  .use("*", async (c, next) => {
    await ownedProject(c.get("db"), currentUser(c).id, projectIdOf(c), "read");
    await next();
  })
  .get("/documents", describeRoute({ summary: "List the project's brain documents", responses: { 200: brainDocumentListResponse } }), async (c) =>
    c.json(await listDocuments(serviceContext(c), projectIdOf(c))),
  )
  .post(
    "/documents",
    describeRoute({
      summary: "Add a brain document (JSON text, JSON url, or multipart file); processed in the background",
      responses: { 202: brainDocumentResponse },
    }),
    addDocument,
  )
  .get("/documents/:documentId", describeRoute({ summary: "One brain document with its progress", responses: { 200: brainDocumentResponse } }), async (c) =>
    c.json(await getDocument(serviceContext(c), projectIdOf(c), c.req.param("documentId"))),
  )
  .delete(
    "/documents/:documentId",
    describeRoute({ summary: "Delete a brain document and everything derived from it", responses: { 204: null } }),
    async (c) => {
      await deleteDocument(serviceContext(c), projectIdOf(c), c.req.param("documentId"));
      return c.body(null, 204);
    },
  )
  .get(
    "/summary",
    describeRoute({ summary: "The project's brand summary (elevator pitch, themes, insights, topics)", responses: { 200: brainSummaryResponse } }),
    async (c) => {
      try {
        return c.json(await projectSummary(serviceContext(c), projectIdOf(c)));
      } catch (err) {
        if (err instanceof ApiError) throw err;
        console.error("brain: summary failed", err);
        throw new ApiError(502, "summary_failed", "Failed to load project summary. Please try again.");
      }
    },
  )
  .get(
    "/index",
    describeRoute({
      summary: "How much of the brain the current AI engine has embedded; starts a re-index when behind",
      responses: { 200: brainIndexStatusResponse },
    }),
    async (c) => c.json(await indexStatusFor(serviceContext(c), projectIdOf(c))),
  )
  .post(
    "/query",
    describeRoute({
      summary: "The brain's answer to a question: the answering sentence with its source, then the matching passages",
      responses: { 200: brainQueryResponse },
    }),
    validate("json", brainQuerySchema),
    async (c) => {
      const { question } = c.req.valid("json");
      return c.json(await queryBrain(serviceContext(c), projectIdOf(c), question));
    },
  )
  .patch(
    "/segments/:segmentId",
    describeRoute({ summary: "Correct a passage's role (kept when the brain is re-indexed)", responses: { 200: brainSegmentResponse } }),
    validate("json", brainSegmentRoleSchema),
    async (c) => c.json(await setSegmentRole(serviceContext(c), projectIdOf(c), c.req.param("segmentId"), c.req.valid("json").role)),
  );
