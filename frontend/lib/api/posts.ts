// Calls of the posts area. Uploads report progress (lib/upload.ts): the dialog shows a real
// progress bar.
import type { z } from "zod";
import type { GenerateResponse } from "../../../schema/api/campaigns";
import type { createPostSchema, LibraryImage, MediaInfo, Post } from "../../../schema/api/posts";
import { request } from "../api";
import { uploadForm } from "../upload";

export type CreatePostInput = z.input<typeof createPostSchema>;

export function createPost(projectId: string, body: CreatePostInput): Promise<Post> {
  return request<Post>(`/api/projects/${projectId}/posts`, { method: "POST", body: JSON.stringify(body) });
}

function getPost(postId: string): Promise<Post> {
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
  opts: { accountId?: string; altText?: string; onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<MediaInfo> {
  const form = new FormData();
  form.set("file", file);
  if (opts.accountId) form.set("accountId", opts.accountId);
  if (opts.altText?.trim()) form.set("altText", opts.altText.trim());
  return uploadForm<MediaInfo>(`/api/projects/${projectId}/media`, form, opts);
}

/** The SWR key of a project's media library (decision 287). */
export const libraryKey = (projectId: string) => `/api/projects/${projectId}/media`;

export function deleteLibraryImage(projectId: string, mediaId: string): Promise<void> {
  return request<void>(`${libraryKey(projectId)}/${mediaId}`, { method: "DELETE" });
}

/** A library image as a post attaches it (the server takes the stored facts from its row). */
export function libraryMedia(item: LibraryImage): MediaInfo {
  return {
    url: item.url,
    file_name: item.file_name,
    file_type: item.file_type,
    file_size: item.file_size,
    ...(item.alt_text ? { alt_text: item.alt_text } : {}),
    ...(item.kind !== "upload" ? { kind: item.kind } : {}),
  };
}
