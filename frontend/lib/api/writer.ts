// The post editor's helpers on the server (/api/projects/:projectId/assist, decisions 227, 259 and
// 260). Shorten, Adapt and Suggest hashtags run on every engine; Rewrite and Change tone need an
// LLM engine: GET says which helpers the project's engine can run, and the local engine answers the
// others with `needs_ai_engine`.
import type { AssistCapabilities, AssistRequest, AssistResponse } from "../../../schema/api/writer";
import { request } from "../api";

/** The SWR key of GET /api/projects/:projectId/assist (AssistCapabilities). */
export const assistCapabilitiesKey = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/assist`;
export type { AssistCapabilities };

export function assistDraft(projectId: string, body: AssistRequest): Promise<AssistResponse> {
  return request<AssistResponse>(assistCapabilitiesKey(projectId), { method: "POST", body: JSON.stringify(body) });
}
