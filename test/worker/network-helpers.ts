// Test helpers for the networks of decision 140 (decision 140): connect an account through the real
// API routes and the platform sandbox, whatever the network's connect flow (OAuth redirect,
// Mastodon's instance, Facebook's Page choice, Bluesky's app password), and drive the sandbox.
import { env } from "cloudflare:workers";
import type { AccountChoice, SocialAccount } from "../../schema/api/social";
import { json, type TestUser } from "./helpers";
import { ADAPTERS, type SocialPlatform } from "../../platforms/adapters";
import { PlatformError } from "../../platforms/shared/adapter";

export const NEW_NETWORKS = ["linkedin", "facebook", "bluesky", "mastodon", "threads"] as const;
export type NewNetwork = (typeof NEW_NETWORKS)[number];

/** Where the sandbox serves a network (`/x` for X): its adapter module says. */
export const sandboxPath = (network: SocialPlatform) => `/${ADAPTERS[network].sandboxKey}`;

/** A fresh sandbox user name (also the Mastodon/Bluesky handle stem). */
export const uname = () => `n${crypto.randomUUID().slice(0, 8)}`;
/** A valid Bluesky app password (xxxx-xxxx-xxxx-xxxx). */
export const APP_PASSWORD = "abcd-efgh-ijkl-mnop";

/** The sandbox account name a connect with `username` produces (Facebook: the chosen Page). */
export function sandboxAccountName(network: SocialPlatform, username: string): string {
  if (network === "bluesky") return `${username}.bsky.social`;
  if (network === "facebook") return `${username} Page`;
  return username;
}

async function ok<T>(res: Response, what: string): Promise<T> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Starts the flow, approves on the sandbox's authorize page as `username`; the callback's query. */
export async function approveAtSandbox(
  user: TestUser,
  network: SocialPlatform,
  username: string,
  opts: { instance?: string; decision?: "approve" | "deny" } = {},
) {
  const qs = new URLSearchParams({ projectId: user.projectId });
  if (opts.instance) qs.set("instance", opts.instance);
  const { url } = await ok<{ url: string }>(await json(user, "GET", `/api/oauth/${network}/start?${qs}`), "start");
  const authorize = new URL(url);
  // The browser opens the authorize page first (the sandbox checks that URL against the network's contract).
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`authorize page: ${page.status} ${await page.text()}`);
  const form = new URLSearchParams(authorize.searchParams);
  form.set("username", username);
  form.set("decision", opts.decision ?? "approve");
  const res = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`authorize failed: ${res.status} ${await res.text()}`);
  const back = new URL(location.replace(/#_$/, ""));
  return { code: back.searchParams.get("code"), state: back.searchParams.get("state"), error: back.searchParams.get("error"), authorize };
}

/** Connects `network` for the user's project through the sandbox; returns the account view. */
export async function connectNetwork(user: TestUser, network: SocialPlatform, username = uname(), opts: { instance?: string } = {}): Promise<SocialAccount> {
  // Whatever the network's connect kind says (decision 233), as the SPA does it.
  const kind = ADAPTERS[network].connect.kind;
  if (kind === "app-password") {
    return ok<SocialAccount>(
      await json(user, "POST", `/api/projects/${user.projectId}/social-accounts/${network}`, { identifier: `${username}.bsky.social`, password: APP_PASSWORD }),
      "app-password connect",
    );
  }
  const { code, state } = await approveAtSandbox(user, network, username, {
    instance: kind === "instance" ? (opts.instance ?? "mastodon.example") : undefined,
  });
  const done = await ok<SocialAccount | AccountChoice>(await json(user, "POST", `/api/oauth/${network}/callback`, { code, state }), "callback");
  if (!("choice" in done)) return done;
  const page = done.options.find((o) => o.name === `${username} Page`) ?? done.options[0]!;
  return ok<SocialAccount>(await json(user, "POST", `/api/oauth/${network}/choose`, { choice: done.choice, option_id: page.id }), "choose");
}

/** Arms a sandbox switch of this network, e.g. { fail: "500", times: 2, account: name }. */
export async function networkControl(network: SocialPlatform, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${env.FAKES_URL}${sandboxPath(network)}/_control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox control failed: ${await res.text()}`);
}

export type NetworkState = {
  accounts: { id: string; username: string; revoked: boolean }[];
  refreshes: Record<string, number>;
  exchanges: Record<string, number>;
  posts: Record<string, number>;
  items: { id: string; account_id: string; username: string; text: string; image_url: string | null; alt_text: string | null; created_at: string }[];
};

export async function networkState(network: SocialPlatform, account: string): Promise<NetworkState> {
  const res = await fetch(`${env.FAKES_URL}${sandboxPath(network)}/_state?account=${encodeURIComponent(account)}`);
  return (await res.json()) as NetworkState;
}

/** The PlatformError a call ends with (fails the test when it resolves or throws anything else). */
export async function caughtPlatformError(p: Promise<unknown>): Promise<PlatformError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error("expected a PlatformError");
}
