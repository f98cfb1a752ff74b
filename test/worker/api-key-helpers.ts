// API keys in worker tests: a key made through the settings API (as its user would), and v1
// requests that carry it as a Bearer token.
import type { ApiScope, CreatedApiKey } from "../../schema/api/api-keys";
import { API_SCOPES } from "../../schema/api/api-keys";
import { call, json, type TestUser } from "./helpers";

export async function createKey(
  user: TestUser,
  opts: { scopes?: readonly ApiScope[]; project_id?: string | null; expires_at?: string | null; name?: string } = {},
): Promise<CreatedApiKey> {
  const res = await json(user, "POST", "/api/account/api-keys", {
    name: opts.name ?? "Test key",
    scopes: opts.scopes ?? API_SCOPES,
    project_id: opts.project_id,
    expires_at: opts.expires_at,
  });
  if (res.status !== 201) throw new Error(`create key: ${res.status} ${await res.text()}`);
  return (await res.json()) as CreatedApiKey;
}

/** A v1 request with `Authorization: Bearer <secret>` (null: no key at all). */
export function v1(secret: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const h: Record<string, string> = { ...headers };
  if (secret) h.authorization = `Bearer ${secret}`;
  if (body !== undefined) h["content-type"] = "application/json";
  return call(path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
}
