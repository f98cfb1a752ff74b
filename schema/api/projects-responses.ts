import { z } from "zod";
import type { Project, ProjectDocument, ProjectProgress } from "./projects";
import { ROLES } from "./permissions";

// Response schemas of /api/projects (declared on each route with describeRoute, checked in tests).
// Strict objects: a field the API starts returning must be added here on purpose.
export const projectResponse = z.strictObject({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  industry: z.string(),
  brand_voice: z.string(),
  description: z.string(),
  has_seen_onboarding: z.boolean(),
  user_email: z.string(),
  created_at: z.number().int(),
  role: z.enum(ROLES),
  approvals_required: z.boolean(),
  brand_color: z.string().nullable(),
  owner_posts_need_review: z.boolean(),
}) satisfies z.ZodType<Project>;
export const projectListResponse = z.array(projectResponse);

const projectDocumentResponse = z.strictObject({
  id: z.string(),
  project_id: z.string(),
  name: z.string(),
  file_url: z.string(),
  file_type: z.string(),
  file_size: z.number().int().min(0),
}) satisfies z.ZodType<ProjectDocument>;
export const projectDocumentListResponse = z.array(projectDocumentResponse);

export const projectProgressResponse = z.strictObject({ brain: z.boolean(), social: z.boolean(), posts: z.boolean() }) satisfies z.ZodType<ProjectProgress>;
