// Facebook Pages through the Graph API. Facebook Login gives a short-lived user token, exchanged
// at once (fb_exchange_token) for a long-lived one; GET /me/accounts then lists the Pages the
// user can post to, each with its own Page access token. The user picks ONE Page; only that
// Page's token is kept (a Page token obtained from a long-lived user token does not expire, so
// there is nothing to refresh: a revoked one means "reconnect"). Text posts go to
// POST /{page-id}/feed, photo posts to POST /{page-id}/photos with the bytes as multipart
// "source" (or a public image URL Facebook fetches itself). See docs/decisions/140.
import {
  appOrSandbox,
  metricCount,
  PlatformError,
  type AdapterModule,
  type PlatformAdapter,
  type PostMetrics,
  type RecentPostQuery,
  type TokenSet,
} from "../shared/adapter.ts";
import { graphAppCheck, graphAppFromEnv, graphClient, type GraphAppConfig, type GraphErrorRules } from "../shared/graph-api.ts";
import { bearerHeaders as bearer, form, metricsOneByOne, readJson, str } from "../shared/http.ts";
import { FACEBOOK_SANDBOX_CLIENT, facebookMeta } from "./meta.ts";

const FACEBOOK_SCOPES = ["pages_show_list", "pages_manage_posts", "pages_read_engagement"];
// The current Graph API version on the changelog (read 2026-11-28; decision 264); its contract
// (test/contracts/meta-graph) records it and its sunset.
export const FACEBOOK_GRAPH_VERSION = "v26.0";
// Named in messages as the registry names it (decision 291).
const label = facebookMeta.displayName;
// 80001: the Page's own rate limit; 200: the token lacks the Page permission (reconnect to grant it).
const ERRORS: GraphErrorRules = { label, rateLimitCodes: new Set([4, 17, 32, 613, 80001]), authCodes: new Set([190, 200]), reconnect: "your Facebook Page" };

type FacebookPage = { id: string; name: string; accessToken: string };

function facebookAdapter(config: GraphAppConfig) {
  const api = graphClient(config, FACEBOOK_GRAPH_VERSION, ERRORS);
  const { graph, call, classify } = api;
  const tokenFrom = (url: string) => api.token(url, "Facebook did not return an access token");

  return {
    platform: "facebook" as const,

    authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string }) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("state", state);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", FACEBOOK_SCOPES.join(","));
      return url.toString();
    },

    /** Code -> long-lived user token -> the Pages this user may post to (with their Page tokens). */
    async exchangeForPages({
      code,
      redirectUri,
    }: {
      code: string;
      redirectUri: string;
    }): Promise<{ user: { id: string; name: string }; pages: FacebookPage[] }> {
      const short = await tokenFrom(
        graph(
          `/oauth/access_token?${new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, redirect_uri: redirectUri, code })}`,
        ),
      );
      const long = await tokenFrom(
        graph(
          `/oauth/access_token?${new URLSearchParams({ grant_type: "fb_exchange_token", client_id: config.clientId, client_secret: config.clientSecret, fb_exchange_token: short.accessToken })}`,
        ),
      );
      const meRes = await call(graph("/me?fields=id,name"), { headers: bearer(long.accessToken) });
      if (!meRes.ok) throw await classify(meRes, "api");
      const me = await readJson(meRes);
      const pages: FacebookPage[] = [];
      let url: string | undefined = graph("/me/accounts?fields=id,name,access_token,tasks&limit=100");
      for (let i = 0; url && i < 20; i++) {
        const res = await call(url, { headers: bearer(long.accessToken) });
        if (!res.ok) throw await classify(res, "api");
        const body = await readJson(res);
        for (const p of Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : []) {
          const tasks = Array.isArray(p.tasks) ? (p.tasks as string[]) : [];
          const id = str(p.id);
          const token = str(p.access_token);
          if (id && token && (tasks.length === 0 || tasks.includes("CREATE_CONTENT"))) pages.push({ id, name: str(p.name) ?? id, accessToken: token });
        }
        url = str((body.paging as Record<string, unknown> | undefined)?.next);
      }
      return { user: { id: str(me.id) ?? "", name: str(me.name) ?? "" }, pages };
    },

    /** Facebook connects through exchangeForPages and a Page choice (`connect.choose` below). */
    async exchangeCode(): Promise<never> {
      throw new PlatformError("rejected", "Facebook connects through the Page choice");
    },

    async refresh(): Promise<TokenSet> {
      throw new PlatformError("auth", "Facebook access was revoked. Please reconnect your Facebook Page.");
    },

    async publish({ accessToken, accountId, text, imageUrl, image }: Parameters<PlatformAdapter["publish"]>[0]): Promise<{ platformPostId: string }> {
      const page = encodeURIComponent(accountId);
      let res: Response;
      if (image) {
        // Our own upload: the bytes go as the multipart "source" (no public URL needed).
        const body = new FormData();
        body.set("source", new Blob([image.data instanceof Uint8Array ? image.data.slice() : image.data], { type: image.contentType }), "image");
        body.set("caption", text);
        body.set("published", "true");
        res = await call(graph(`/${page}/photos`), { method: "POST", headers: bearer(accessToken), body }, true);
      } else if (imageUrl) {
        res = await call(
          graph(`/${page}/photos`),
          {
            method: "POST",
            headers: bearer(accessToken, { "content-type": "application/x-www-form-urlencoded" }),
            body: form({ url: imageUrl, caption: text, published: "true" }),
          },
          true,
        );
      } else {
        res = await call(
          graph(`/${page}/feed`),
          { method: "POST", headers: bearer(accessToken, { "content-type": "application/x-www-form-urlencoded" }), body: form({ message: text }) },
          true,
        );
      }
      if (!res.ok) throw await classify(res, "api");
      const body = await readJson(res);
      const id = str(body.post_id) ?? str(body.id);
      if (!id) throw new PlatformError("unknown_outcome", "Facebook did not return the post id");
      return { platformPostId: id };
    },

    // Analytics (decision 144): GET /{page-post-id}?fields=reactions.summary(total_count).limit(0),
    // comments.summary(total_count).limit(0),shares with the Page token (pages_read_engagement).
    // One post per call: the multi-id form (?ids=) fails as a whole when one post was deleted.
    // Impressions would need a second call per post (/{post-id}/insights, read_insights), so they
    // are not read and stay 0. A deleted post is skipped; auth and rate limits stop the run.
    metricsBatch: 25,
    fetchMetrics: ({ accessToken, postIds }: { accessToken: string; accountId: string; postIds: string[] }): Promise<Map<string, PostMetrics>> =>
      metricsOneByOne(
        postIds,
        25,
        (id) =>
          call(
            graph(
              `/${encodeURIComponent(id)}?${new URLSearchParams({ fields: "reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares" })}`,
            ),
            { headers: bearer(accessToken) },
          ),
        classify,
        (p) => {
          const total = (edge: unknown) =>
            metricCount(((edge as Record<string, unknown> | undefined)?.summary as Record<string, unknown> | undefined)?.total_count);
          return {
            likes: total(p.reactions),
            reposts: metricCount((p.shares as Record<string, unknown> | undefined)?.count),
            replies: total(p.comments),
            impressions: 0,
          };
        },
      ),

    /** The Page's published posts since `sinceMs`, following the paging cursor (time-bounded). */
    findRecentPost: (q: RecentPostQuery) =>
      api.findOwnPost(q, `/${encodeURIComponent(q.accountId)}/published_posts`, { text: "message", time: "created_time" }, (t) => t.trim()),
  };
}

/**
 * Configuration: FACEBOOK_CLIENT_ID, FACEBOOK_CLIENT_SECRET, FACEBOOK_GRAPH_BASE
 * (https://graph.facebook.com), FACEBOOK_AUTHORIZE_URL (https://www.facebook.com/v26.0/dialog/oauth);
 * without a client id the sandbox's /facebook routes are used when PLATFORM_SANDBOX_URL is set.
 */
export const facebookAdapterModule: AdapterModule = {
  ...appOrSandbox(
    "FACEBOOK",
    (app) =>
      facebookAdapter(
        graphAppFromEnv(app, { graphBase: "https://graph.facebook.com", authorizeUrl: `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth` }),
      ),
    (sandbox, ctx) =>
      facebookAdapter({
        ...FACEBOOK_SANDBOX_CLIENT,
        graphBase: `${sandbox}/facebook`,
        authorizeUrl: `${sandbox}/facebook/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`,
        timeoutMs: ctx.timeoutMs,
      }),
  ),
  sandboxKey: "facebook",
  // App access token: GET /oauth/access_token?grant_type=client_credentials with the app's id and secret.
  appCheck: graphAppCheck({
    source: "https://developers.facebook.com/docs/facebook-login/guides/access-tokens#apptokens",
    prefix: "FACEBOOK",
    label,
    graphBase: "https://graph.facebook.com",
    versionPath: `/${FACEBOOK_GRAPH_VERSION}`,
  }),
  renewal: "none",
  // Facebook Login gives a user token; the user picks the Page to publish as (its token does not expire).
  connect: {
    kind: "oauth2",
    pkce: false,
    choose: {
      async options(adapter, input) {
        const { pages } = await (adapter as ReturnType<typeof facebookAdapter>).exchangeForPages(input);
        return pages.map((p) => ({
          id: p.id,
          name: p.name,
          account: {
            tokens: { accessToken: p.accessToken, refreshToken: null, expiresAt: null },
            account: { id: p.id, username: p.name },
            name: p.name,
            meta: { pageId: p.id, pageName: p.name },
          },
        }));
      },
      noneMessage: "No Facebook Page found. Create a Page or ask its admin to give you access, then connect again.",
      pickMessage: "Choose one of the listed Pages",
    },
  },
  // Page tokens from a long-lived user token do not expire: nothing to refresh.
  refreshWindowMs: 0,
};
