import type { CreatedReviewLink, CreateReviewLink, SharedReview } from "../../../schema/api/review-links";
import { request } from "../api";

// Review links (decision 265): members make and revoke them; the public page reads with the token alone.
const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/review-links`;

export const reviewLinksKey = base;
export const createReviewLink = (projectId: string, body: CreateReviewLink) =>
  request<CreatedReviewLink>(base(projectId), { method: "POST", body: JSON.stringify(body) });
export const revokeReviewLink = (projectId: string, id: string) => request<void>(`${base(projectId)}/${encodeURIComponent(id)}`, { method: "DELETE" });
export const openReview = (token: string) => request<SharedReview>(`/api/review/${encodeURIComponent(token)}`);
export const sendReviewDecision = (token: string, postId: string, body: { decision: "approve" | "request_changes"; name: string; comment: string }) =>
  request<{ ok: true }>(`/api/review/${encodeURIComponent(token)}/posts/${encodeURIComponent(postId)}/decision`, {
    method: "POST",
    body: JSON.stringify(body),
  });
