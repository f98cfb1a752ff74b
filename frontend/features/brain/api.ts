// Calls of the brain area. File uploads go through XMLHttpRequest because fetch cannot report
// upload progress, and Feed Brain shows a progress bar per file.
import type { BrainDocumentDto, BrainQueryMatch, BrainTextDocumentInput } from "../../../schema/api/brain";
import type { ApiErrorBody } from "../../../schema/api/common";
import { ApiRequestError, request } from "../../lib/api";

export const brainKeys = {
  documents: (projectId: string) => `/api/projects/${projectId}/brain/documents`,
  summary: (projectId: string) => `/api/projects/${projectId}/brain/summary`,
};

export function addTextDocument(projectId: string, body: BrainTextDocumentInput): Promise<BrainDocumentDto> {
  return request<BrainDocumentDto>(brainKeys.documents(projectId), { method: "POST", body: JSON.stringify(body) });
}

export function addUrlDocument(projectId: string, url: string): Promise<BrainDocumentDto> {
  return request<BrainDocumentDto>(brainKeys.documents(projectId), { method: "POST", body: JSON.stringify({ url }) });
}

export function deleteDocument(projectId: string, documentId: string): Promise<void> {
  return request<void>(`${brainKeys.documents(projectId)}/${documentId}`, { method: "DELETE" });
}

export function queryBrain(projectId: string, question: string): Promise<BrainQueryMatch[]> {
  return request<BrainQueryMatch[]>(`/api/projects/${projectId}/brain/query`, { method: "POST", body: JSON.stringify({ question }) });
}

export function uploadDocument(projectId: string, file: File, onProgress?: (percent: number) => void): Promise<BrainDocumentDto> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("file", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", brainKeys.documents(projectId));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(body as BrainDocumentDto);
        return;
      }
      const err = (body as ApiErrorBody | null)?.error;
      reject(new ApiRequestError(xhr.status, err?.code ?? "http_error", err?.message ?? "Please try again", err?.fields));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, "network", "Please try again"));
    xhr.send(form);
  });
}

export const BRAIN_EXTENSIONS = ["pdf", "doc", "docx", "txt"];

/** Client-side pre-check (the server checks the content again). */
export function fileProblem(file: File, maxBytes: number): string | null {
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  if (!BRAIN_EXTENSIONS.includes(ext)) return "Only PDF, DOC, DOCX and TXT files are supported";
  if (file.size === 0) return "The file is empty";
  if (file.size > maxBytes) return "File is too large (max 10 MB)";
  return null;
}

export const isUnfinished = (d: BrainDocumentDto) => d.status === "queued" || d.status === "processing";
