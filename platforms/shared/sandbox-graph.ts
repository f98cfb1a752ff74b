// What the sandbox's Meta Graph API networks (Instagram, Threads; Facebook for the error shape)
// have in common, as Meta documents it for all of them: the error body
// {"error":{"message","type":"OAuthException","code","fbtrace_id",...}}, an access token in the
// Authorization header or `access_token`, the short -> long-lived token exchange and refresh, media
// insights (`/{media-id}/insights?metric=...`), and the container-then-publish flow (a container
// made from text or an `image_url` the platform downloads, IN_PROGRESS for a moment, published
// once). What differs per network stays in its own sandbox.ts: paths, token prefixes and
// lifetimes, error codes and subcodes, image formats, daily caps, and the order its checks run in
// (docs/decisions/125).
// Plain erasable TypeScript (runs under Node 22 without a build step): imports carry `.ts`.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answerFailure,
  bearer,
  bump,
  nextId,
  recordPost,
  sandboxMetrics,
  send,
  state,
  takeFailure,
  token,
  type AccessToken,
  type Account,
  type Failure,
  type Posted,
  type SandboxNetwork,
} from "./sandbox-core.ts";
import { fetchMedia, type MediaKind } from "./sandbox-media.ts";

export function graphError(res: ServerResponse, status: number, message: string, code: number, extra: Record<string, unknown> = {}) {
  send(res, status, { error: { message, type: "OAuthException", code, fbtrace_id: randomBytes(8).toString("hex"), ...extra } });
}

/**
 * The Graph API's answers to the faults injected through /_control: a transient 500 and a rate
 * limit (429 with retry-after) in the shape all three networks use, each with its own message and
 * code; any other fault is the network's own refusal (`refuse`).
 */
export function answerGraphFault(
  res: ServerResponse,
  f: Failure,
  o: { unexpected: string; rateLimit: { message: string; code: number }; refuse: (res: ServerResponse) => void },
) {
  if (f.fail === "500") send(res, 500, { error: { message: o.unexpected, type: "OAuthException", code: 2, is_transient: true } });
  else if (f.fail === "429")
    send(res, 429, { error: { message: o.rateLimit.message, type: "OAuthException", code: o.rateLimit.code } }, { "retry-after": String(f.retryAfter) });
  else o.refuse(res);
}

// ---------- tokens (Instagram, Threads) ----------
export type GraphTokens = {
  network: string;
  /** Token prefixes, as the network's tokens look. */
  prefix: { short: string; long: string };
  /** Lifetimes in seconds. */
  ttlS: { short: number; long: number };
  /** The answer to a missing, unknown, expired or revoked token (code 190 and this subcode). */
  invalid: { message: string; subcode: number };
};

/** The token of this request (header or access_token) if it is a live one of `kinds`; otherwise answers code 190. */
export function graphAuth(
  t: GraphTokens,
  req: IncomingMessage,
  res: ServerResponse,
  p: URLSearchParams,
  kinds: AccessToken["kind"][] = ["long", "short"],
): { acc: Account; rec: AccessToken } | null {
  const tok = bearer(req, p);
  const rec = tok ? state.access.get(tok) : undefined;
  const acc = rec ? state.accounts.get(rec.accountId) : undefined;
  if (!rec || rec.network !== t.network || !kinds.includes(rec.kind) || rec.expiresAt < Date.now() || !acc || acc.revoked) {
    graphError(res, 400, t.invalid.message, 190, { error_subcode: t.invalid.subcode });
    return null;
  }
  return { acc, rec };
}

export function issueGraphToken(t: GraphTokens, acc: Account, kind: "short" | "long") {
  const tok = token(t.prefix[kind]);
  const ttl = t.ttlS[kind];
  state.access.set(tok, { network: t.network, accountId: acc.id, expiresAt: Date.now() + ttl * 1000, kind, issuedAt: Date.now() });
  return { access_token: tok, token_type: "bearer", expires_in: ttl };
}

/** GET access_token?grant_type=<exchange>&client_secret=..&access_token=<short>: a long-lived token. */
export function exchangeForLongLived(
  t: GraphTokens,
  grantType: string,
  clientSecret: string,
  req: IncomingMessage,
  res: ServerResponse,
  p: URLSearchParams,
): true {
  if (p.get("grant_type") !== grantType || p.get("client_secret") !== clientSecret) {
    graphError(res, 400, "Invalid grant_type or client_secret", 100);
    return true;
  }
  const auth = graphAuth(t, req, res, p, ["short"]);
  if (auth) send(res, 200, issueGraphToken(t, auth.acc, "long"));
  return true;
}

/**
 * GET refresh_access_token?grant_type=<refresh>&access_token=<long>: a new long-lived token. Takes
 * the fault switches' "token" failures and counts the refresh first; `minAge` refuses tokens that
 * are too young (Threads: 24 hours).
 */
export function refreshLongLived(
  net: SandboxNetwork,
  t: GraphTokens,
  grantType: string,
  req: IncomingMessage,
  res: ServerResponse,
  p: URLSearchParams,
  minAge?: { ms: number; message: string },
): true {
  const rec = state.access.get(p.get("access_token") ?? "");
  const acc = rec ? state.accounts.get(rec.accountId) : undefined;
  const failure = takeFailure(t.network, "token", acc);
  if (failure) return answerFailure(net, res, failure);
  if (acc) bump(state.refreshes, acc.id);
  if (p.get("grant_type") !== grantType) {
    graphError(res, 400, "Invalid grant_type", 100);
    return true;
  }
  const auth = graphAuth(t, req, res, p, ["long"]);
  if (!auth) return true;
  if (minAge && Date.now() - auth.rec.issuedAt < minAge.ms) {
    graphError(res, 400, minAge.message, 100);
    return true;
  }
  send(res, 200, issueGraphToken(t, auth.acc, "long"));
  return true;
}

// ---------- publishing quota and insights ----------
/** The body of GET /{user-id}/content_publishing_limit (Instagram) and threads_publishing_limit. */
export const quotaBody = (usage: number, total: number) => ({ data: [{ quota_usage: usage, config: { quota_total: total, quota_duration: 86400 } }] });

export type InsightsRules = {
  /** The metric names the network knows (an unknown one is #100). */
  known: readonly string[];
  /** Each known metric's value from the sandbox's figures. */
  values: (m: ReturnType<typeof sandboxMetrics>) => Record<string, number>;
  /** Instagram answers another account's media with code 10; Threads as if it did not exist. */
  foreign: "code-10" | "missing";
};

/** GET /{media-id}/insights?metric=a,b: lifetime values that grow with the post's age. */
export function answerInsights(network: string, rules: InsightsRules, res: ServerResponse, p: URLSearchParams, mediaId: string, acc: Account): true {
  const post = state.posts.find((x) => x.network === network && x.id === mediaId);
  const foreign = !!post && post.accountId !== acc.id;
  if (!post || (foreign && rules.foreign === "missing")) {
    graphError(res, 400, "Unsupported get request. Object does not exist or cannot be loaded due to missing permissions.", 100, { error_subcode: 33 });
    return true;
  }
  if (foreign) {
    graphError(res, 400, "(#10) Application does not have permission for this action", 10);
    return true;
  }
  const metrics = (p.get("metric") ?? "").split(",").filter(Boolean);
  const bad = metrics.find((m) => !rules.known.includes(m));
  if (metrics.length === 0 || bad) {
    graphError(res, 400, `(#100) metric[${Math.max(0, metrics.indexOf(bad ?? ""))}] must be one of the following values: ${rules.known.join(", ")}`, 100);
    return true;
  }
  const value = rules.values(sandboxMetrics(post));
  send(res, 200, {
    data: metrics.map((name) => ({
      name,
      period: "lifetime",
      values: [{ value: value[name] }],
      title: name,
      description: name,
      id: `${post.id}/insights/${name}/lifetime`,
    })),
  });
  return true;
}

// ---------- containers ----------
export type Container = {
  id: string;
  accountId: string;
  imageUrl: string | null;
  text: string;
  readyAt: number;
  status: "IN_PROGRESS" | "PUBLISHED";
  altText?: string | null;
};

export type ImageRules = {
  kinds: readonly MediaKind[];
  maxBytes: number;
  /** What the 36001 / 2207005 answer adds (error_user_title, error_user_msg) for a format not in `kinds`. */
  unsupported: (kind: MediaKind) => Record<string, unknown>;
  /** What the 36000 / 2207004 answer adds for an image over `maxBytes`. */
  tooLarge: Record<string, unknown>;
};

/**
 * Container creation downloads `image_url` (Meta's error codes reference: 9004 / 2207052 "Media
 * download has failed", 36001 / 2207005 unsupported format, 36000 / 2207004 too large). False
 * when it answered a refusal.
 */
export async function downloadImage(res: ServerResponse, imageUrl: string, rules: ImageRules): Promise<boolean> {
  const fetched = await fetchMedia(imageUrl);
  if (!fetched.ok) {
    graphError(res, 400, `Media download has failed.: The media could not be fetched from this URI: ${imageUrl}`, 9004, {
      error_subcode: 2207052,
      is_transient: false,
      error_user_title: "Media download has failed",
      error_user_msg: `The media could not be fetched from this URI: ${imageUrl} (${fetched.reason}).`,
    });
    return false;
  }
  if (!rules.kinds.includes(fetched.kind)) {
    graphError(res, 400, "The image format is not supported.", 36001, { error_subcode: 2207005, is_transient: false, ...rules.unsupported(fetched.kind) });
    return false;
  }
  if (fetched.bytes.length > rules.maxBytes) {
    graphError(res, 400, "The image size is too large.", 36000, { error_subcode: 2207004, is_transient: false, ...rules.tooLarge });
    return false;
  }
  return true;
}

/** One network's media containers: made IN_PROGRESS, FINISHED `delayMs` later, published once. */
export function containerStore(opts: { idBase: string; postIdBase: string; delayMs: number }) {
  const containers = new Map<string, Container>();
  const publish = (acc: Account, c: Container): Posted => {
    c.status = "PUBLISHED";
    return recordPost(acc, c.text, c.imageUrl, opts.postIdBase, c.altText ?? null);
  };
  return {
    create(acc: Account, text: string, imageUrl: string | null, altText: string | null = null): string {
      const id = nextId(opts.idBase);
      containers.set(id, { id, accountId: acc.id, imageUrl, text, readyAt: Date.now() + opts.delayMs, status: "IN_PROGRESS", altText });
      return id;
    },
    get: (id: string) => containers.get(id),
    status: (c: Container) => (c.status === "PUBLISHED" ? "PUBLISHED" : c.readyAt > Date.now() ? "IN_PROGRESS" : "FINISHED"),
    publish,
    /**
     * The publish call up to the network's own checks: an injected failure first (a timeout with
     * "commit" publishes the container, once, and loses the reply), then the container must exist
     * and belong to the account. Null when it answered.
     */
    target(net: SandboxNetwork, res: ServerResponse, acc: Account, creationId: string): Container | null {
      const failure = takeFailure(net.key, "post", acc);
      const c = containers.get(creationId);
      if (failure) {
        if (failure.fail === "timeout" && failure.commit && c && c.status !== "PUBLISHED") publish(acc, c);
        answerFailure(net, res, failure);
        return null;
      }
      if (!c || c.accountId !== acc.id) {
        graphError(res, 400, "Invalid parameter", 100, { error_user_msg: "The media container does not exist." });
        return null;
      }
      return c;
    },
    /** Refuses a container already published (9007 / 2207008) or not FINISHED yet (9007 / `notReadySubcode`). */
    refusesPublishing(res: ServerResponse, c: Container, notReadySubcode: number): boolean {
      if (c.status === "PUBLISHED") {
        graphError(res, 400, "Media already published", 9007, { error_subcode: 2207008 });
        return true;
      }
      if (c.readyAt > Date.now()) {
        graphError(res, 400, "Media ID is not available", 9007, {
          error_subcode: notReadySubcode,
          error_user_msg: "The media is not ready for publishing, please wait for a moment",
        });
        return true;
      }
      return false;
    },
  };
}

/** POST /{user-id}/<edge> must name the token's own account (or "me"); otherwise 100 / 33. */
export function refusesOtherUser(res: ServerResponse, userId: string, acc: Account): boolean {
  if (userId === acc.id || userId === "me") return false;
  graphError(res, 400, "Unsupported post request. Object does not exist or cannot be loaded due to missing permissions.", 100, { error_subcode: 33 });
  return true;
}
