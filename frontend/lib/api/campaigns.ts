import type { CampaignWithPosts, CreateCampaignRequest, GenerateRequest, GenerateResponse } from "../../../schema/api/campaigns";
import { request } from "../api";

/** POST /api/projects/:projectId/generate (also used by the Create Post dialog's "Generate with AI"). */
export function generatePosts(projectId: string, body: GenerateRequest): Promise<GenerateResponse> {
  return request<GenerateResponse>(`/api/projects/${encodeURIComponent(projectId)}/generate`, { method: "POST", body: JSON.stringify(body) });
}

export function saveCampaign(projectId: string, body: CreateCampaignRequest): Promise<CampaignWithPosts> {
  return request<CampaignWithPosts>(`/api/projects/${encodeURIComponent(projectId)}/campaigns`, { method: "POST", body: JSON.stringify(body) });
}
