import type { Project, ProjectUpdate } from "../../../schema/api/projects";
import type { Invitation, Member } from "../../../schema/api/team";
import type { Role } from "../../../schema/api/permissions";
import { request } from "../api";

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;

export const updateProject = (projectId: string, changes: ProjectUpdate) =>
  request<Project>(base(projectId), { method: "PATCH", body: JSON.stringify(changes) });
export const deleteProject = (projectId: string, name: string) => request<void>(base(projectId), { method: "DELETE", body: JSON.stringify({ name }) });
export const invite = (projectId: string, email: string, role: Role) =>
  request<Invitation>(`${base(projectId)}/invitations`, { method: "POST", body: JSON.stringify({ email, role }) });
export const resendInvitation = (projectId: string, id: string) =>
  request<Invitation>(`${base(projectId)}/invitations/${encodeURIComponent(id)}/resend`, { method: "POST" });
export const revokeInvitation = (projectId: string, id: string) =>
  request<void>(`${base(projectId)}/invitations/${encodeURIComponent(id)}`, { method: "DELETE" });
export const changeRole = (projectId: string, userId: string, role: Role) =>
  request<Member>(`${base(projectId)}/members/${encodeURIComponent(userId)}`, { method: "PATCH", body: JSON.stringify({ role }) });
export const removeMember = (projectId: string, userId: string) =>
  request<void>(`${base(projectId)}/members/${encodeURIComponent(userId)}`, { method: "DELETE" });
export const acceptInvitation = (token: string) => request<Project>("/api/invitations/accept", { method: "POST", body: JSON.stringify({ token }) });
