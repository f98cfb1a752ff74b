// Threads as the sandbox serves it under /threads: oauth/authorize, oauth/access_token,
// access_token (th_exchange_token), refresh_access_token (th_refresh_token, only for long-lived
// tokens at least 24 hours old), v1.0/me, v1.0/{user}/threads (container: TEXT or IMAGE),
// v1.0/{container} (status), v1.0/{user}/threads_publish, v1.0/{user}/threads (list) and
// v1.0/{user}/threads_publishing_limit. It refuses what Threads refuses: text over 500 as
// Threads counts it (an emoji by its UTF-8 bytes), an image container without image_url, a
// container not yet FINISHED or already published, more than 250 posts in 24 hours.
// Plain erasable TypeScript (Node 22 runs it without a build).
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answerFailure,
  bump,
  handleAuthorize,
  params,
  postsInDay,
  redeemGrant,
  send,
  state,
  takeFailure,
  type AuthorizeOptions,
  type Failure,
  type SandboxNetwork,
} from "../shared/sandbox-core.ts";
import {
  answerInsights,
  containerStore,
  downloadImage,
  exchangeForLongLived,
  graphAuth,
  answerGraphFault,
  graphError as thError,
  issueGraphToken,
  quotaBody,
  refreshLongLived,
  refusesOtherUser,
  type GraphTokens,
  type ImageRules,
  type InsightsRules,
} from "../shared/sandbox-graph.ts";
import { THREADS_SANDBOX_CLIENT, threadsLength } from "./meta.ts";

const TOKENS: GraphTokens = {
  network: "threads",
  prefix: { short: "THst_", long: "THAA" },
  ttlS: { short: 3600, long: 5_184_000 },
  invalid: { message: "Error validating access token: Session has expired or the user has changed the password.", subcode: 463 },
};
const MIN_REFRESH_AGE = { ms: 86_400_000, message: "Long-lived tokens can only be refreshed once they are at least 24 hours old." };
const DAILY_CAP = 250;
const containers = containerStore({ idBase: "1790", postIdBase: "1810", delayMs: 300 });
const AUTHORIZE: AuthorizeOptions = {
  clientId: THREADS_SANDBOX_CLIENT.clientId,
  pkce: false,
  codePrefix: "thcode_",
  defaultUsername: "sandbox_threads_user",
  fragment: "#_",
  denied: { error_reason: "user_denied", error_description: "Permissions error" },
};
/** Container creation downloads image_url; Threads takes JPEG and PNG up to 8 MB (docs/decisions/124). */
const IMAGES: ImageRules = {
  kinds: ["jpeg", "png"],
  maxBytes: 8 * 1024 * 1024,
  unsupported: () => ({ error_user_msg: "The image format is not supported. Use a JPEG or PNG image." }),
  tooLarge: { error_user_msg: "The image is too large. It should be at most 8 MB." },
};
/** Media insights; another user's media is answered as if it did not exist. */
const INSIGHTS: InsightsRules = {
  known: ["views", "likes", "replies", "reposts", "quotes", "shares"],
  values: (m) => ({ views: m.impressions, likes: m.likes, replies: m.replies, reposts: m.reposts, quotes: 0, shares: 0 }),
  foreign: "missing",
};
const thAuth = (req: IncomingMessage, res: ServerResponse, p: URLSearchParams) => graphAuth(TOKENS, req, res, p);

async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, path: string): Promise<boolean> {
  if (path === "/oauth/authorize") return handleAuthorize(threadsSandbox, AUTHORIZE, req, res, body, url);
  const p = params(req, body, url);

  // Test switch: {"account": id or username, "seconds": n} makes the account's tokens n seconds older
  // (Threads refreshes only tokens at least 24 hours old).
  if (path === "/_age" && req.method === "POST") {
    const input = JSON.parse(body.toString("utf8") || "{}") as { account?: string; seconds?: number };
    let n = 0;
    for (const rec of state.access.values()) {
      const acc = state.accounts.get(rec.accountId);
      if (rec.network === "threads" && acc && (acc.id === input.account || acc.username === input.account)) {
        rec.issuedAt -= (Number(input.seconds) || 0) * 1000;
        n++;
      }
    }
    send(res, 200, { ok: true, aged: n });
    return true;
  }

  if (path === "/oauth/access_token" && req.method === "POST") {
    if (p.get("client_id") !== THREADS_SANDBOX_CLIENT.clientId || p.get("client_secret") !== THREADS_SANDBOX_CLIENT.clientSecret) {
      thError(res, 400, "Error validating client secret.", 1);
      return true;
    }
    const grant = redeemGrant("threads", (p.get("code") ?? "").replace(/#_$/, ""), p.get("redirect_uri"));
    if (p.get("grant_type") !== "authorization_code" || !grant) {
      thError(
        res,
        400,
        "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
        100,
      );
      return true;
    }
    const acc = state.accounts.get(grant.accountId)!;
    bump(state.exchanges, acc.id);
    send(res, 200, { ...issueGraphToken(TOKENS, acc, "short"), user_id: acc.id });
    return true;
  }

  // The app access token (GET, client_credentials): "TH|<app id>|<token>".
  if (path === "/oauth/access_token" && req.method === "GET") {
    if (p.get("client_id") !== THREADS_SANDBOX_CLIENT.clientId || p.get("client_secret") !== THREADS_SANDBOX_CLIENT.clientSecret) {
      thError(res, 400, "Error validating client secret.", 1);
      return true;
    }
    if (p.get("grant_type") !== "client_credentials") {
      thError(res, 400, "Unsupported grant_type", 100);
      return true;
    }
    send(res, 200, { access_token: `TH|${THREADS_SANDBOX_CLIENT.clientId}|sandbox-app-token`, token_type: "bearer" });
    return true;
  }
  if (path === "/access_token" && req.method === "GET")
    return exchangeForLongLived(TOKENS, "th_exchange_token", THREADS_SANDBOX_CLIENT.clientSecret, req, res, p);
  if (path === "/refresh_access_token" && req.method === "GET")
    return refreshLongLived(threadsSandbox, TOKENS, "th_refresh_token", req, res, p, MIN_REFRESH_AGE);

  const graph = path.match(/^\/v\d+\.\d+\/(.+)$/);
  if (!graph) return false;
  const rest = graph[1]!;

  if (rest === "me" && req.method === "GET") {
    const auth = thAuth(req, res, p);
    if (!auth) return true;
    send(res, 200, { id: auth.acc.id, username: auth.acc.username });
    return true;
  }

  const limit = rest.match(/^([^/]+)\/threads_publishing_limit$/);
  if (limit && req.method === "GET") {
    const auth = thAuth(req, res, p);
    if (!auth) return true;
    send(res, 200, quotaBody(postsInDay(auth.acc).length, DAILY_CAP));
    return true;
  }

  // Media insights (analytics): GET /{threads-media-id}/insights?metric=views,likes,replies,reposts,quotes.
  // Unknown metrics are a 400 (#100); a media that does not exist or is another user's is the
  // Graph API's "Object does not exist" (#100, subcode 33). Values grow with age (sandboxMetrics).
  const insights = rest.match(/^([^/]+)\/insights$/);
  if (insights && req.method === "GET") {
    const auth = thAuth(req, res, p);
    return !auth || answerInsights("threads", INSIGHTS, res, p, insights[1]!, auth.acc);
  }

  const list = rest.match(/^([^/]+)\/threads$/);
  if (list && req.method === "GET") {
    const auth = thAuth(req, res, p);
    if (!auth) return true;
    const since = Number(p.get("since") ?? 0) * 1000;
    const max = Math.min(Number(p.get("limit") ?? 25) || 25, 100);
    const after = Number(p.get("after") ?? 0);
    const mine = state.posts.filter((x) => x.network === "threads" && x.accountId === auth.acc.id && x.createdAt >= since).reverse();
    const page = mine.slice(after, after + max);
    send(res, 200, {
      data: page.map((x) => ({
        id: x.id,
        text: x.text,
        media_type: x.imageUrl ? "IMAGE" : "TEXT_POST",
        timestamp: new Date(x.createdAt).toISOString().replace(/\.\d{3}Z$/, "+0000"),
      })),
      paging: { cursors: { before: String(after), after: after + max < mine.length ? String(after + max) : "" } },
    });
    return true;
  }

  const post = rest.match(/^([^/]+)\/(threads|threads_publish)$/);
  if (post && req.method === "POST") {
    const auth = thAuth(req, res, p);
    if (!auth) return true;
    if (refusesOtherUser(res, post[1]!, auth.acc)) return true;
    if (post[2] === "threads") {
      const failure = takeFailure("threads", "upload", auth.acc);
      if (failure) return answerFailure(threadsSandbox, res, failure);
      const mediaType = p.get("media_type") ?? "";
      const text = p.get("text") ?? "";
      const imageUrl = p.get("image_url");
      if (mediaType !== "TEXT" && mediaType !== "IMAGE") {
        thError(res, 400, "The parameter media_type is required and must be TEXT, IMAGE or VIDEO.", 100);
        return true;
      }
      if (mediaType === "IMAGE" && !/^https?:\/\//.test(imageUrl ?? "")) {
        thError(res, 400, "The parameter image_url is required.", 100);
        return true;
      }
      if (mediaType === "TEXT" && !text.trim()) {
        thError(res, 400, "The parameter text is required.", 100);
        return true;
      }
      if (threadsLength(text) > 500) {
        thError(res, 400, "Invalid parameter", 100, { error_subcode: 4279009, error_user_msg: "The post text is too long. The limit is 500 characters." });
        return true;
      }
      if (mediaType === "IMAGE" && !(await downloadImage(res, imageUrl!, IMAGES))) return true;
      send(res, 200, { id: containers.create(auth.acc, text, mediaType === "IMAGE" ? imageUrl : null, p.get("alt_text") || null) });
      return true;
    }
    const container = containers.target(threadsSandbox, res, auth.acc, p.get("creation_id") ?? "");
    if (!container) return true;
    if (containers.refusesPublishing(res, container, 4279001)) return true;
    // The cap is checked after the container's own state (Instagram checks it before).
    if (postsInDay(auth.acc).length >= DAILY_CAP) {
      thError(res, 400, "Application request limit reached", 4, {
        error_user_msg: "This profile has reached its limit of 250 API-published posts in 24 hours.",
      });
      return true;
    }
    send(res, 200, { id: containers.publish(auth.acc, container).id });
    return true;
  }

  if (!rest.includes("/") && req.method === "GET") {
    const container = containers.get(rest);
    if (!container) return false;
    const auth = thAuth(req, res, p);
    if (!auth) return true;
    send(res, 200, { status: containers.status(container), id: container.id });
    return true;
  }
  return false;
}

const answerInjected = (res: ServerResponse, f: Failure) =>
  answerGraphFault(res, f, {
    unexpected: "An unexpected error has occurred. Please retry your request later.",
    rateLimit: { message: "Application request limit reached", code: 4 },
    refuse: (r) => thError(r, 400, "Invalid parameter", 100, { error_user_msg: "The post text is too long. The limit is 500 characters." }),
  });

export const threadsSandbox: SandboxNetwork = { key: "threads", name: "Threads", idPrefix: "2587", postIdPrefix: "1810", answerInjected, handle };
