import type { Project, ProjectDetails } from "../../../schema/api/projects";
import { request } from "../api";

/** POST /api/projects as multipart: the wizard's details plus its documents. */
export function createProject(details: ProjectDetails, documents: File[]): Promise<Project> {
  const body = new FormData();
  for (const [key, value] of Object.entries(details)) body.append(key, value);
  for (const file of documents) body.append("documents", file, file.name);
  return request<Project>("/api/projects", { method: "POST", body });
}

export function renameProject(projectId: string, name: string): Promise<Project> {
  return request<Project>(`/api/projects/${encodeURIComponent(projectId)}`, { method: "PATCH", body: JSON.stringify({ name }) });
}

/** Mark-seen (true) or reset (false) of the onboarding flag, saved on the project row. */
export function setOnboardingSeen(projectId: string, seen: boolean): Promise<Project> {
  return request<Project>(`/api/projects/${encodeURIComponent(projectId)}/onboarding`, {
    method: "PATCH",
    body: JSON.stringify({ has_seen_onboarding: seen }),
  });
}

/** The user's projects (GET /api/projects makes the default one on a first visit). */
export const listProjects = () => request<Project[]>("/api/projects");
