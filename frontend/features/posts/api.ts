// Calls of the posts area. Uploads go through XMLHttpRequest because fetch cannot report upload
// progress, and the dialog shows a real progress bar.
import type { z } from "zod";
import type { GenerateResponse } from "../../../schema/api/campaigns";
import type { createPostSchema, MediaInfo, Post } from "../../../schema/api/posts";
import type { ApiErrorBody } from "../../../schema/api/common";
import { ApiRequestError, request } from "../../lib/api";

export type CreatePostInput = z.input<typeof createPostSchema>;

export function createPost(projectId: string, body: CreatePostInput): Promise<Post> {
  return request<Post>(`/api/projects/${projectId}/posts`, { method: "POST", body: JSON.stringify(body) });
}

export function getPost(postId: string): Promise<Post> {
  return request<Post>(`/api/posts/${postId}`);
}

export function attachImage(postId: string, media: MediaInfo): Promise<Post> {
  return request<Post>(`/api/posts/${postId}`, { method: "PATCH", body: JSON.stringify({ media_info: media }) });
}

export function generateSocialPost(projectId: string, prompt: string, platform: string): Promise<GenerateResponse> {
  return request<GenerateResponse>(`/api/projects/${projectId}/generate`, {
    method: "POST",
    body: JSON.stringify({ prompt, type: "social_post", count: 1, platforms: [platform] }),
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Publishing happens in the queue; this waits until the post leaves `publishing` (or gives up
 * after `timeoutMs` and returns the last state seen).
 */
export async function waitForPublish(postId: string, timeoutMs = 20_000, stepMs = 800): Promise<Post> {
  const started = Date.now();
  for (;;) {
    const post = await getPost(postId);
    if (post.status !== "publishing" || Date.now() - started > timeoutMs) return post;
    await sleep(stepMs);
  }
}

/** Uploads an image with progress (0..100); resolves with the stored media info. */
export function uploadImage(
  projectId: string,
  file: File,
  opts: { accountId?: string; onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<MediaInfo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/projects/${projectId}/media`);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(100);
        resolve(body as MediaInfo);
        return;
      }
      const err = (body as ApiErrorBody | null)?.error;
      reject(new ApiRequestError(xhr.status, err?.code ?? "http_error", err?.message ?? "Please try again", err?.fields));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, "network", "Please try again"));
    xhr.onabort = () => reject(new ApiRequestError(0, "aborted", "Upload cancelled"));
    opts.signal?.addEventListener("abort", () => xhr.abort());
    const form = new FormData();
    form.set("file", file);
    if (opts.accountId) form.set("accountId", opts.accountId);
    xhr.send(form);
  });
}
