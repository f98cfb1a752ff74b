import { z } from "zod";

export const PLATFORMS = ["twitter", "facebook", "instagram", "linkedin"] as const;
export const platformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof platformSchema>;

export const idParam = z.string().min(1).max(100);

export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
