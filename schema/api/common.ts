import { z } from "zod";

import { PLATFORM_IDS } from "../../platforms/registry";

/** Every network's id, from the one registry (platforms/registry.ts). */
export const PLATFORMS = PLATFORM_IDS;
export const platformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof platformSchema>;

export const idParam = z.string().min(1).max(100);
/** Route parameters shared by the project-scoped and post-scoped routes. */
export const projectParam = z.object({ projectId: idParam });
export const postParam = z.object({ postId: idParam });

/** The error shape; its codes are the closed set of schema/api/errors.ts. */
export type { ApiErrorBody } from "./errors";
