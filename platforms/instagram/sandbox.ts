// Instagram (API with Instagram Login) as the sandbox serves it under /instagram: oauth/authorize,
// oauth/access_token, graph/access_token (long-lived exchange), graph/refresh_access_token,
// graph/v*/me, graph/v*/{ig-user-id}/media (container), graph/v*/{container-id} (status),
// graph/v*/{ig-user-id}/media_publish and graph/v*/me/media. It refuses what Instagram refuses
// (docs/decisions/120 lists each rule with its source).
// Plain erasable TypeScript (runs under Node 22 without a build step): imports carry `.ts`.
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
  type Account,
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
  graphError as igError,
  issueGraphToken,
  quotaBody,
  refreshLongLived,
  refusesOtherUser,
  type GraphTokens,
  type ImageRules,
  type InsightsRules,
} from "../shared/sandbox-graph.ts";
import { INSTAGRAM_SANDBOX_CLIENT } from "./meta.ts";

const TOKENS: GraphTokens = {
  network: "instagram",
  prefix: { short: "igst_", long: "IGAA" },
  ttlS: { short: 3600, long: 5_184_000 },
  invalid: { message: "Error validating access token: The session has been invalidated.", subcode: 460 },
};
const containers = containerStore({ idBase: "179", postIdBase: "180", delayMs: 300 });
/** API-published posts per rolling 24 hours (the media_publish reference; lowered per account with {"cap": n}). */
const INSTAGRAM_DAILY_CAP = 50;
const capOf = (acc: Account) => state.caps.get(acc.id) ?? INSTAGRAM_DAILY_CAP;
const AUTHORIZE: AuthorizeOptions = {
  clientId: INSTAGRAM_SANDBOX_CLIENT.clientId,
  pkce: false,
  codePrefix: "igcode_",
  defaultUsername: "sandbox_ig_user",
  fragment: "#_",
  denied: { error_reason: "user_denied", error_description: "Permissions error" },
};
/** Only JPEG, at most 8 MiB (content publishing reference, image specifications). */
const IMAGES: ImageRules = {
  kinds: ["jpeg"],
  maxBytes: 8 * 1024 * 1024,
  unsupported: (kind) => ({
    error_user_title: "Unsupported image format",
    error_user_msg: `The image format is not supported (${kind === "other" ? "not an image" : kind.toUpperCase()}). Only JPEG images can be published.`,
  }),
  tooLarge: { error_user_title: "Image size too large", error_user_msg: "The image is too large to download. It should be less than 8 MiB." },
};
/** Media insights; a media of another account is code 10. */
const INSIGHTS: InsightsRules = {
  known: ["likes", "comments", "shares", "reach", "saved", "views", "total_interactions"],
  values: (m) => ({
    likes: m.likes,
    comments: m.replies,
    shares: m.reposts,
    reach: m.impressions,
    saved: 0,
    views: m.impressions,
    total_interactions: m.likes + m.replies + m.reposts,
  }),
  foreign: "code-10",
};
const igAuth = (req: IncomingMessage, res: ServerResponse, p: URLSearchParams) => graphAuth(TOKENS, req, res, p);

async function handleInstagram(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, path: string): Promise<boolean> {
  if (path === "/oauth/authorize") return handleAuthorize(instagramSandbox, AUTHORIZE, req, res, body, url);
  const p = params(req, body, url);

  if (path === "/oauth/access_token" && req.method === "POST") {
    if (p.get("client_id") !== INSTAGRAM_SANDBOX_CLIENT.clientId || p.get("client_secret") !== INSTAGRAM_SANDBOX_CLIENT.clientSecret) {
      send(res, 400, { error_type: "OAuthException", code: 400, error_message: "Invalid client_id or client_secret" });
      return true;
    }
    if (p.get("grant_type") !== "authorization_code") {
      send(res, 400, { error_type: "OAuthException", code: 400, error_message: "Invalid grant_type" });
      return true;
    }
    const grant = redeemGrant("instagram", (p.get("code") ?? "").replace(/#_$/, ""), p.get("redirect_uri"));
    if (!grant) {
      send(res, 400, { error_type: "OAuthException", code: 400, error_message: "Invalid authorization code" });
      return true;
    }
    const acc = state.accounts.get(grant.accountId)!;
    bump(state.exchanges, acc.id);
    const short = issueGraphToken(TOKENS, acc, "short");
    send(res, 200, {
      data: [{ access_token: short.access_token, user_id: acc.id, permissions: "instagram_business_basic,instagram_business_content_publish" }],
    });
    return true;
  }

  if (path === "/graph/access_token" && req.method === "GET")
    return exchangeForLongLived(TOKENS, "ig_exchange_token", INSTAGRAM_SANDBOX_CLIENT.clientSecret, req, res, p);
  if (path === "/graph/refresh_access_token" && req.method === "GET") return refreshLongLived(instagramSandbox, TOKENS, "ig_refresh_token", req, res, p);

  const graph = path.match(/^\/graph\/(?:v\d+\.\d+\/)?(.+)$/);
  if (!graph) return false;
  const rest = graph[1]!;

  if (rest === "me" && req.method === "GET") {
    const auth = igAuth(req, res, p);
    if (!auth) return true;
    send(res, 200, { user_id: auth.acc.id, username: auth.acc.username, id: `app_${auth.acc.id}` });
    return true;
  }

  if (rest === "me/media" && req.method === "GET") {
    const auth = igAuth(req, res, p);
    if (!auth) return true;
    // Newest first, `limit` per page (at most 100), `since` (unix seconds), cursor `after`.
    const limit = Math.min(Math.max(Number(p.get("limit") ?? 25) || 25, 1), 100);
    const since = Number(p.get("since") ?? 0) * 1000 || 0;
    const all = state.posts.filter((x) => x.network === "instagram" && x.accountId === auth.acc.id && x.createdAt >= since).reverse();
    const offset =
      Number(
        Buffer.from(p.get("after") ?? "", "base64url")
          .toString("utf8")
          .replace(/^offset:/, ""),
      ) || 0;
    const items = all.slice(offset, offset + limit).map((x) => ({
      id: x.id,
      caption: x.text,
      media_type: "IMAGE",
      media_url: x.imageUrl,
      timestamp: new Date(x.createdAt).toISOString().replace(/\.\d{3}Z$/, "+0000"),
    }));
    const body: Record<string, unknown> = { data: items };
    if (items.length) {
      const cursor = (n: number) => Buffer.from(`offset:${n}`).toString("base64url");
      const paging: Record<string, unknown> = { cursors: { before: cursor(offset), after: cursor(offset + items.length) } };
      if (offset + limit < all.length) paging.next = `${url.origin}${url.pathname}?limit=${limit}&after=${cursor(offset + items.length)}`;
      body.paging = paging;
    }
    send(res, 200, body);
    return true;
  }

  const quota = rest.match(/^([^/]+)\/content_publishing_limit$/);
  if (quota && req.method === "GET") {
    const auth = igAuth(req, res, p);
    if (!auth) return true;
    send(res, 200, quotaBody(postsInDay(auth.acc).length, capOf(auth.acc)));
    return true;
  }

  // Media insights (analytics): GET /<media-id>/insights?metric=likes,comments,shares,reach.
  // Unknown metrics are a 400 like the Graph API's; a media of another account is code 10.
  const insights = rest.match(/^([^/]+)\/insights$/);
  if (insights && req.method === "GET") {
    const auth = igAuth(req, res, p);
    return !auth || answerInsights("instagram", INSIGHTS, res, p, insights[1]!, auth.acc);
  }

  const media = rest.match(/^([^/]+)\/(media|media_publish)$/);
  if (media && req.method === "POST") {
    const auth = igAuth(req, res, p);
    if (!auth) return true;
    if (refusesOtherUser(res, media[1]!, auth.acc)) return true;
    if (media[2] === "media") {
      const failure = takeFailure("instagram", "upload", auth.acc);
      if (failure && answerFailure(instagramSandbox, res, failure)) return true;
      const imageUrl = p.get("image_url") ?? "";
      if (!/^https?:\/\//.test(imageUrl)) {
        igError(res, 400, "The parameter image_url is required.", 100, { error_user_msg: "Only photo or video can be accepted as media type." });
        return true;
      }
      const caption = p.get("caption") ?? "";
      if ([...caption].length > 2200) {
        igError(res, 400, "Invalid parameter", 100, { error_subcode: 2207010, error_user_msg: "The caption is too long (over 2,200 characters)." });
        return true;
      }
      if (!(await downloadImage(res, imageUrl, IMAGES))) return true;
      send(res, 200, { id: containers.create(auth.acc, caption, imageUrl, p.get("alt_text") || null) });
      return true;
    }
    const container = containers.target(instagramSandbox, res, auth.acc, p.get("creation_id") ?? "");
    if (!container) return true;
    // At most the daily cap of API-published posts per rolling 24 hours (code 9, subcode 2207042),
    // checked before the container's own state.
    if (postsInDay(auth.acc).length >= capOf(auth.acc)) {
      igError(res, 400, "Application request limit reached", 9, {
        error_subcode: 2207042,
        error_user_msg: "You reached maximum number of posts that is allowed to be published by Media Publish API.",
      });
      return true;
    }
    if (containers.refusesPublishing(res, container, 2207027)) return true;
    send(res, 200, { id: containers.publish(auth.acc, container).id });
    return true;
  }

  if (!rest.includes("/") && req.method === "GET") {
    const container = containers.get(rest);
    if (!container) return false;
    const auth = igAuth(req, res, p);
    if (!auth) return true;
    const status = containers.status(container);
    send(res, 200, { status_code: status, status: status === "IN_PROGRESS" ? "In Progress" : "Finished", id: container.id });
    return true;
  }
  return false;
}

const answerInjected = (res: ServerResponse, f: Failure) =>
  answerGraphFault(res, f, {
    unexpected: "An unexpected error has occurred.",
    rateLimit: { message: "Application request limit reached", code: 4 },
    refuse: (r) =>
      send(r, 400, {
        error: {
          message: "Invalid parameter",
          type: "OAuthException",
          code: 100,
          error_subcode: 2207052,
          error_user_msg: "The media could not be fetched from this URI.",
        },
      }),
  });

export const instagramSandbox: SandboxNetwork = {
  key: "instagram",
  name: "Instagram",
  idPrefix: "17841",
  postIdPrefix: "180",
  answerInjected,
  handle: handleInstagram,
};
