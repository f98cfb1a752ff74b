// The one place a key's rights are checked (decision 211): the project must be within the key's
// reach (its one project, or any), the creator must reach it through the ordinary ownership check
// (a key never does more than its creator: the creator's role must allow what the scope asks,
// schema/api/permissions.ts), and the route's scope must be on the key.
import type { ApiScope } from "../../../../schema/api/api-keys";
import type { Db } from "../../../lib/db";
import { apiError, notFound } from "../../../lib/errors";
import type { Action } from "../../../../schema/api/permissions";
import { ownedProject } from "../../../lib/ownership";
import type { KeyCaller } from "./keys";
import { readPost } from "../../posts";

/** 403 insufficient_scope unless the key carries `scope`. */
export function requireScope(key: KeyCaller, scope: ApiScope): void {
  if (!key.scopes.includes(scope)) throw apiError("insufficient_scope", `This API key needs the "${scope}" scope for this request`);
}

/** What the creator's role must allow for each scope (a Reviewer's key reads, never writes). */
const SCOPE_NEEDS: Record<ApiScope, Action> = { read: "read", write_posts: "edit", publish: "edit", brain: "edit", members: "manage" };

/** The creator's access to a project: a member whose role allows what the scope asks. */
async function creatorAccess(db: Db, userId: string, projectId: string, scope: ApiScope) {
  return { project: await ownedProject(db, userId, projectId, SCOPE_NEEDS[scope]) };
}

/**
 * The project a key request acts on: scope first (so a key without it learns nothing about which
 * projects exist), then the key's project restriction and the creator's access, both 404 exactly
 * as a missing project.
 */
export async function keyProject(db: Db, key: KeyCaller, projectId: string, scope: ApiScope) {
  requireScope(key, scope);
  if (key.projectId !== null && key.projectId !== projectId) throw notFound("Project not found");
  return (await creatorAccess(db, key.userId, projectId, scope)).project;
}

/** Whether the key reaches this project at all (for lists that span the user's projects). */
export function keyReaches(key: KeyCaller, projectId: string): boolean {
  return key.projectId === null || key.projectId === projectId;
}

/** A post a key request acts on: scope, then the creator's ownership, then the key's project reach. */
export async function keyPost(db: Db, key: KeyCaller, postId: string, scope: ApiScope) {
  requireScope(key, scope);
  const post = await readPost(db, key.userId, postId);
  if (!keyReaches(key, post.project_id)) throw notFound("Post not found");
  return post;
}
