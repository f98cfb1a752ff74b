// The post editor's helpers on the server (POST /api/projects/:projectId/assist, decisions 227 and
// 260). Shorten, Adapt and Suggest hashtags run on every engine; Rewrite and Change tone need an LLM
// engine, and the local engine answers them with an error (the SPA shows them as needing one).
import type { AssistRequest, AssistResponse } from "../../../schema/api/writer";
import type { BRAND_VOICES } from "../../../schema/api/projects";
import { request } from "../api";

export type BrandVoice = (typeof BRAND_VOICES)[number]["value"];

type DraftFields = Omit<AssistRequest, "action">;
export type AssistBody = AssistRequest | (DraftFields & { action: "rewrite" }) | (DraftFields & { action: "tone"; voice: BrandVoice });

export function assistDraft(projectId: string, body: AssistBody): Promise<AssistResponse> {
  return request<AssistResponse>(`/api/projects/${encodeURIComponent(projectId)}/assist`, { method: "POST", body: JSON.stringify(body) });
}
