// Calls of the brain area. File uploads report progress (lib/upload.ts): Feed Brain shows a
// progress bar per file.
import type { BrainDocumentDto, BrainQueryResponse, BrainSegmentDto, BrainTextDocumentInput } from "../../../schema/api/brain";
import type { PassageRole } from "../../../schema/api/passage-roles";
import { request } from "../api";
import { uploadForm } from "../upload";

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

export function queryBrain(projectId: string, question: string): Promise<BrainQueryResponse> {
  return request<BrainQueryResponse>(`/api/projects/${projectId}/brain/query`, { method: "POST", body: JSON.stringify({ question }) });
}

export function setSegmentRole(projectId: string, segmentId: string, role: PassageRole): Promise<BrainSegmentDto> {
  return request<BrainSegmentDto>(`/api/projects/${projectId}/brain/segments/${encodeURIComponent(segmentId)}`, {
    method: "PATCH",
    body: JSON.stringify({ role }),
  });
}

export function uploadDocument(projectId: string, file: File, onProgress?: (percent: number) => void): Promise<BrainDocumentDto> {
  const form = new FormData();
  form.append("file", file, file.name);
  return uploadForm<BrainDocumentDto>(brainKeys.documents(projectId), form, { onProgress });
}

const BRAIN_EXTENSIONS = ["pdf", "doc", "docx", "txt"];

/** Client-side pre-check (the server checks the content again). */
export function fileProblem(file: File, maxBytes: number): string | null {
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  if (!BRAIN_EXTENSIONS.includes(ext)) return "Only PDF, DOC, DOCX and TXT files are supported";
  if (file.size === 0) return "The file is empty";
  if (file.size > maxBytes) return "File is too large (max 10 MB)";
  return null;
}

export const isUnfinished = (d: BrainDocumentDto) => d.status === "queued" || d.status === "processing";
