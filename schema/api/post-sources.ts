// The brain passages a generated post drew on ("Based on: ..."), stored with the post so a person
// can check a claim against the brand's own text in one click (decision 116).
import { z } from "zod";

export const MAX_POST_SOURCES = 10;

const postSourceSchema = z.strictObject({
  segment_id: z.string().max(200),
  document_id: z.string().max(200),
  document_title: z.string().max(500),
  content: z.string().max(2000),
});
export type PostSource = z.infer<typeof postSourceSchema>;

export const postSourcesSchema = z.array(postSourceSchema).max(MAX_POST_SOURCES);
