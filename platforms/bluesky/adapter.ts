// Bluesky over XRPC (AT Protocol), signed in with the handle and an APP PASSWORD
// (com.atproto.server.createSession). The password is used once and never stored: only the
// access and refresh JWTs are kept (encrypted, like every token). refreshSession consumes the
// refresh JWT and returns a new pair, so refreshes go through the one-refresh-per-account lease.
// Posts are app.bsky.feed.post records with facets (UTF-8 byte ranges, see richtext.ts) and up
// to 4 images uploaded with uploadBlob. Exactly-once: the record key (a TID) is derived from the
// post's idempotency key, so a repeat attempt names the same record and the PDS refuses a second
// one; the adapter then reads the existing record instead. See docs/decisions/140.
import { bearerHeaders as bearer, loadPostImage, platformFetch, readJson, retryAfterMs, str } from "../shared/http.ts";
import {
  envString,
  metricCount,
  PlatformError,
  trimSlash,
  type AdapterModule,
  type PlatformAdapter,
  type PostMetrics,
  type TokenSet,
  type RecentPostQuery,
} from "../shared/adapter.ts";
import { buildFacets } from "./richtext.ts";
import { blueskyMeta } from "./meta.ts";

type BlueskyConfig = {
  /** The account's PDS / entryway, e.g. https://bsky.social */
  service: string;
  timeoutMs: number;
};

// Named in messages as the registry names it (decision 291).
const label = blueskyMeta.displayName;
const BLUESKY_MAX_IMAGE_BYTES = 1_000_000;

/** Expiry (epoch ms) from a JWT's `exp` claim; null when unreadable. */
function jwtExpiry(jwt: string): number | null {
  try {
    const part = jwt.split(".")[1] ?? "";
    const json = JSON.parse(
      atob(
        part
          .replace(/-/g, "+")
          .replace(/_/g, "/")
          .padEnd(Math.ceil(part.length / 4) * 4, "="),
      ),
    ) as { exp?: number };
    return typeof json.exp === "number" ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

const TID_ALPHABET = "234567abcdefghijklmnopqrstuvwxyz";
const TID_EPOCH_US = 1_672_531_200_000_000n; // 2023-01-01
const TID_SPAN_US = 10n * 365n * 86_400_000_000n;

/** A valid TID record key (13 base32-sortable chars) derived deterministically from a key. */
async function tidFromKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  let h = 0n;
  for (let i = 0; i < 8; i++) h = (h << 8n) | BigInt(digest[i]!);
  const micros = TID_EPOCH_US + (h % TID_SPAN_US);
  const clock = BigInt(digest[8]! * 4 + (digest[9]! & 3)); // 10 bits
  let n = (micros << 10n) | clock;
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = TID_ALPHABET[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return out;
}

async function classifyBlueskyResponse(res: Response, context: "session" | "api"): Promise<PlatformError> {
  const body = await readJson(res);
  const code = str(body.error) ?? "";
  const detail = str(body.message) ?? (code || (str(body.raw) ?? "unknown error"));
  if (res.status === 429) {
    const reset = Number(res.headers.get("ratelimit-reset"));
    const ms = Number.isFinite(reset) && reset > 0 ? Math.min(Math.max(reset * 1000 - Date.now(), 1000), 12 * 3600_000) : retryAfterMs(res.headers);
    return new PlatformError("retryable", `${label} rate limit reached. The post will be retried.`, ms);
  }
  if (res.status >= 500) return new PlatformError("retryable", `${label} is unavailable (HTTP ${res.status}). Please try again.`);
  if (context === "session") {
    if (code === "AuthFactorTokenRequired")
      return new PlatformError("auth", "This Bluesky account asks for a sign-in code. Use an app password instead of your main password.");
    if (code === "AccountTakedown") return new PlatformError("auth", "This Bluesky account has been taken down.");
    if (res.status === 401 || res.status === 400) return new PlatformError("auth", res.status === 401 ? "Invalid handle or app password" : detail);
  }
  if (res.status === 401 || code === "ExpiredToken" || code === "InvalidToken" || code === "AccountTakedown") {
    return new PlatformError("auth", `Bluesky access was revoked or expired. Please reconnect your Bluesky account. (${detail})`);
  }
  return new PlatformError("rejected", `Bluesky rejected the post: ${detail}`);
}

type BlueskyPublishInput = Parameters<PlatformAdapter["publish"]>[0] & { idempotencyKey?: string };

function blueskyAdapter(config: BlueskyConfig) {
  const xrpc = (method: string, init: RequestInit = {}, publishes = false) =>
    platformFetch(`${config.service}/xrpc/${method}`, init, { label, timeoutMs: config.timeoutMs, publishes });

  const sessionTokens = (body: Record<string, unknown>): TokenSet => {
    const accessToken = str(body.accessJwt);
    const refreshToken = str(body.refreshJwt);
    if (!accessToken || !refreshToken) throw new PlatformError("retryable", "Bluesky did not return a session");
    return { accessToken, refreshToken, expiresAt: jwtExpiry(accessToken) };
  };

  async function resolveHandle(handle: string): Promise<string | null> {
    const res = await xrpc(`com.atproto.identity.resolveHandle?handle=${encodeURIComponent(handle)}`).catch(() => null);
    if (!res?.ok) return null;
    return str((await readJson(res)).did) ?? null;
  }

  async function getRecord(accessToken: string, did: string, rkey: string): Promise<string | null> {
    const qs = new URLSearchParams({ repo: did, collection: "app.bsky.feed.post", rkey });
    const res = await xrpc(`com.atproto.repo.getRecord?${qs}`, { headers: bearer(accessToken) });
    if (res.status === 400 || res.status === 404) return null;
    if (!res.ok) throw await classifyBlueskyResponse(res, "api");
    return str((await readJson(res)).uri) ?? null;
  }

  return {
    platform: "bluesky" as const,

    /** Handle (or email) + app password -> session. */
    async signIn({ identifier, password }: { identifier: string; password: string }): Promise<TokenSet & { account: { id: string; username: string } }> {
      const res = await xrpc("com.atproto.server.createSession", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ identifier: identifier.trim().replace(/^@/, ""), password }),
      });
      if (!res.ok) throw await classifyBlueskyResponse(res, "session");
      const body = await readJson(res);
      const did = str(body.did);
      if (!did) throw new PlatformError("retryable", "Bluesky did not return the account");
      return { ...sessionTokens(body), account: { id: did, username: str(body.handle) ?? identifier } };
    },

    authorizeUrl(): string {
      throw new PlatformError("rejected", "Bluesky connects with a handle and an app password, not a redirect");
    },

    async exchangeCode(): Promise<never> {
      throw new PlatformError("rejected", "Bluesky connects with a handle and an app password, not a redirect");
    },

    async refresh({ refreshToken }: { accessToken: string; refreshToken: string | null }): Promise<TokenSet> {
      if (!refreshToken) throw new PlatformError("auth", "Bluesky session lapsed. Please reconnect your Bluesky account.");
      const res = await xrpc("com.atproto.server.refreshSession", { method: "POST", headers: bearer(refreshToken) });
      if (!res.ok) {
        const err = await classifyBlueskyResponse(res, "api");
        throw err.kind === "rejected" ? new PlatformError("auth", `Bluesky session lapsed. Please reconnect your Bluesky account. (${err.message})`) : err;
      }
      return sessionTokens(await readJson(res));
    },

    async publish(input: BlueskyPublishInput): Promise<{ platformPostId: string }> {
      const did = input.accountId;
      const rkey = input.idempotencyKey ? await tidFromKey(input.idempotencyKey) : undefined;
      // A repeat attempt under the same key finds its record without creating anything.
      if (rkey) {
        const existing = await getRecord(input.accessToken, did, rkey);
        if (existing) return { platformPostId: existing };
      }
      const record: Record<string, unknown> = {
        $type: "app.bsky.feed.post",
        text: input.text,
        createdAt: new Date().toISOString(),
      };
      const facets = await buildFacets(input.text, resolveHandle);
      if (facets.length) record.facets = facets;
      const img = await loadPostImage(input, config.timeoutMs);
      if (img) {
        if (img.data.byteLength > BLUESKY_MAX_IMAGE_BYTES) throw new PlatformError("rejected", "Failed to upload media: Bluesky images must be at most 1 MB");
        const up = await xrpc("com.atproto.repo.uploadBlob", {
          method: "POST",
          headers: bearer(input.accessToken, { "content-type": img.type }),
          body: new Blob([img.data.slice()], { type: img.type }),
        });
        if (!up.ok) {
          const err = await classifyBlueskyResponse(up, "api");
          throw err.kind === "rejected"
            ? new PlatformError("rejected", `Failed to upload media: ${err.message.replace(/^Bluesky rejected the post: /, "")}`)
            : err;
        }
        const blob = (await readJson(up)).blob;
        if (!blob) throw new PlatformError("retryable", "Failed to upload media");
        record.embed = { $type: "app.bsky.embed.images", images: [{ alt: input.altText ?? "", image: blob }] };
      }
      const res = await xrpc(
        "com.atproto.repo.createRecord",
        {
          method: "POST",
          headers: bearer(input.accessToken, { "content-type": "application/json" }),
          body: JSON.stringify({ repo: did, collection: "app.bsky.feed.post", ...(rkey ? { rkey } : {}), record }),
        },
        true,
      );
      if (!res.ok) {
        const err = await classifyBlueskyResponse(res, "api");
        // The record key may be taken: an earlier (or concurrent) attempt under this key got
        // through. The reference PDS says so with a bare 500 (atproto issue #3718), a later one
        // with a 400: whatever the refusal, the record under our key is the answer (decision 197).
        if (rkey && err.kind !== "auth") {
          const existing = await getRecord(input.accessToken, did, rkey);
          if (existing) return { platformPostId: existing };
        }
        throw err;
      }
      const uri = str((await readJson(res)).uri);
      if (!uri) throw new PlatformError("unknown_outcome", "Bluesky did not return the post's address");
      return { platformPostId: uri };
    },

    // Analytics (decision 144): app.bsky.feed.getPosts?uris=..&uris=.. hydrates up to 25 post
    // views per call (the lexicon's maxLength), each with likeCount, repostCount, quoteCount and
    // replyCount. Bluesky publishes no view counts, so impressions stay 0. Deleted posts are
    // simply absent from `posts`. One call per account per cron run (the PDS proxies it to the
    // AppView) is a negligible share of the rate budget the PDS announces in ratelimit-* headers.
    metricsBatch: 25,
    async fetchMetrics({ accessToken, postIds }: { accessToken: string; accountId: string; postIds: string[] }): Promise<Map<string, PostMetrics>> {
      const out = new Map<string, PostMetrics>();
      const uris = postIds.filter((u) => u.startsWith("at://")).slice(0, 25);
      if (uris.length === 0) return out;
      const qs = new URLSearchParams();
      for (const u of uris) qs.append("uris", u);
      const res = await xrpc(`app.bsky.feed.getPosts?${qs}`, { headers: bearer(accessToken) });
      if (!res.ok) throw await classifyBlueskyResponse(res, "api");
      const body = await readJson(res);
      for (const p of Array.isArray(body.posts) ? (body.posts as Record<string, unknown>[]) : []) {
        const uri = str(p.uri);
        if (!uri) continue;
        out.set(uri, {
          likes: metricCount(p.likeCount),
          reposts: metricCount(p.repostCount) + metricCount(p.quoteCount),
          replies: metricCount(p.replyCount),
          impressions: 0,
        });
      }
      return out;
    },

    /** The account's own post with this text created since `sinceMs`, paging the author feed by time. */
    async findRecentPost({ accessToken, accountId, text, sinceMs }: RecentPostQuery): Promise<string | null> {
      const want = text.trim();
      let cursor: string | undefined;
      for (let page = 0; page < 50; page++) {
        const qs = new URLSearchParams({ actor: accountId, limit: "100", filter: "posts_no_replies" });
        if (cursor) qs.set("cursor", cursor);
        const res = await xrpc(`app.bsky.feed.getAuthorFeed?${qs}`, { headers: bearer(accessToken) });
        if (!res.ok) throw await classifyBlueskyResponse(res, "api");
        const body = await readJson(res);
        const feed = Array.isArray(body.feed) ? (body.feed as { post?: { uri?: string; record?: { text?: string; createdAt?: string } } }[]) : [];
        let older = false;
        for (const item of feed) {
          const rec = item.post?.record;
          const at = Date.parse(rec?.createdAt ?? "");
          if (!Number.isNaN(at) && at < sinceMs - 60_000) {
            older = true;
            continue;
          }
          if ((rec?.text ?? "").trim() === want && item.post?.uri) return item.post.uri;
        }
        cursor = str(body.cursor);
        if (older || !cursor || !feed.length) return null;
      }
      return null;
    },
  };
}

/** The PDS a sign-in goes to: BLUESKY_SERVICE, else the sandbox's /bluesky in development, else bsky.social. */
function blueskyService(env: Parameters<AdapterModule["create"]>[0], sandboxUrl: string | null): string {
  const configured = envString(env, "BLUESKY_SERVICE");
  if (configured) return trimSlash(configured);
  return sandboxUrl ? `${sandboxUrl}/bluesky` : "https://bsky.social";
}

/**
 * Configuration: none needed (app passwords need no registered app). BLUESKY_SERVICE points at
 * another PDS or entryway; without it the sandbox's /bluesky routes are used when
 * PLATFORM_SANDBOX_URL is set, and https://bsky.social otherwise.
 */
export const blueskyAdapterModule: AdapterModule = {
  hasCredentials: (env) => Boolean(envString(env, "BLUESKY_SERVICE")) || !envString(env, "PLATFORM_SANDBOX_URL"),
  create: (env, ctx) => blueskyAdapter({ service: blueskyService(env, ctx.sandboxUrl), timeoutMs: ctx.timeoutMs }),
  sandboxKey: "bluesky",
  renewal: "refresh-token",
  // Handle + app password -> a session; the password is used once and not kept.
  connect: {
    kind: "app-password",
    async signIn(env, ctx, input) {
      const service = blueskyService(env, ctx.sandboxUrl);
      const session = await blueskyAdapter({ service, timeoutMs: ctx.timeoutMs }).signIn(input);
      const { account } = session;
      return { tokens: session, account, name: `@${account.username}`, meta: { service, did: account.id, handle: account.username } };
    },
    notOAuthMessage: "Bluesky connects with your handle and an app password",
  },
  // Access JWTs live about 2 hours; refresh JWTs are single-use (one refresh at a time per account).
  refreshWindowMs: 5 * 60_000,
};
