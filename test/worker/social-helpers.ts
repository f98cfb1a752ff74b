// Test helpers for the social area (usable by other areas' tests too): connect an account of a
// signed-in user through the real OAuth routes and the platform sandbox, and drive the sandbox.
import { env } from "cloudflare:workers";
import type { SocialAccount } from "../../schema/api/social";
import { json, type TestUser } from "./helpers";
import { approveAtSandbox, networkControl, networkState, type NetworkState } from "./network-helpers";

export type SandboxPlatform = "twitter" | "instagram";

/** Starts the flow, approves on the sandbox's authorize page as `username`, returns the redirect's query. */
export async function authorizeAtSandbox(
  user: TestUser,
  platform: SandboxPlatform,
  username: string,
  decision: "approve" | "deny" = "approve",
): Promise<{ code: string | null; state: string | null; error: string | null; authorizeUrl: URL }> {
  const { authorize, ...query } = await approveAtSandbox(user, platform, username, { decision });
  return { ...query, authorizeUrl: authorize };
}

/** Connects `platform` for the user's project through the sandbox; returns the account view. */
export async function connectAccount(user: TestUser, platform: SandboxPlatform, username = `u${crypto.randomUUID().slice(0, 8)}`): Promise<SocialAccount> {
  const { code, state } = await authorizeAtSandbox(user, platform, username);
  const res = await json(user, "POST", `/api/oauth/${platform}/callback`, { code, state });
  if (res.status !== 200) throw new Error(`callback failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SocialAccount;
}

/** Arms a sandbox switch, e.g. { fail: "500", times: 2, account: username }. */
export const sandboxControl = (platform: SandboxPlatform, body: Record<string, unknown>): Promise<void> => networkControl(platform, body);

/** The sandbox's counters and posts for one account (id or username). */
export const sandboxState = (platform: SandboxPlatform, account: string): Promise<NetworkState> => networkState(platform, account);

/** The raw D1 row of a social account. */
export async function rawAccountRow(accountId: string): Promise<Record<string, unknown>> {
  const row = await env.DB.prepare("select * from social_accounts where id = ?").bind(accountId).first<Record<string, unknown>>();
  if (!row) throw new Error("no such account");
  return row;
}
