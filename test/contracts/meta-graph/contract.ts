// Meta's Graph APIs as Brandpilot calls them: Instagram API with Instagram Login
// (graph.instagram.com, api.instagram.com), the Threads API (graph.threads.com; graph.threads.net answers too) and the Facebook
// Pages API (graph.facebook.com). Meta publishes no machine-readable description of these, so
// this contract is hand-written: each endpoint cites the reference page it comes from (read
// 2026-11-27). Paths are as the sandbox serves each host: Instagram's graph.instagram.com is
// /graph, api.instagram.com and www.instagram.com are /; graph.threads.com and
// graph.facebook.com are / (docs/decisions/198).
import type { Contract, ContractEndpoint, JsonSchema } from "../validate.ts";

const READ = "2026-11-27";
const BEARER = { authorization: "^Bearer \\S+$" };
const FORM = ["application/x-www-form-urlencoded"];
const str = { type: "string", minLength: 1 };
const id = { type: "string", pattern: "^[0-9_]{1,40}$" };
const fieldsList = (allowed: string[]) => ({ type: "array", minItems: 1, items: { enum: allowed } });
const obj = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({ type: "object", properties, required, additionalProperties: false });

const IG = {
  login: "https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login",
  publish: "https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/content-publishing",
  limit: "https://developers.facebook.com/docs/instagram-platform/reference/ig-user/content_publishing_limit",
  media: "https://developers.facebook.com/docs/instagram-platform/reference/ig-user/media",
  insights: "https://developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights",
  tokens: "https://developers.facebook.com/docs/instagram-platform/reference/refresh_access_token",
};
/**
 * The Graph API version Facebook and Instagram are held to: the current one on Meta's changelog
 * (decision 264). Released 2026-07-29, "available until" TBD; v25.0 runs to 2028-07-29, v22.0 (sent
 * before) to 2027-05-20. v26.0's announced changes (commerce order management, Rights Manager owner
 * fields, WhatsApp status ads) touch none of the endpoints below; its five legacy protocol
 * behaviours, not named in the pages read, were removed from every version on 2026-10-27, so
 * staying on v22.0 would not have avoided them.
 */
export const GRAPH_API_CURRENT = { name: "v26.0", released: "2026-07-29", sunset: null, read: "2026-11-28" } as const;
const V = GRAPH_API_CURRENT.name;
/** Graph API versions and their "available until" dates (Instagram and Facebook share them). */
const GRAPH_VERSIONS =
  "https://developers.facebook.com/docs/graph-api/changelog/versions/ (read 2026-11-28): v26.0 released 2026-07-29, available until TBD; v25.0 until 2028-07-29; https://developers.facebook.com/blog/post/2026/07/29/introducing-graph-api-v26-and-marketing-api-v26/";

export const instagramContract: Contract = {
  service: "meta-graph/instagram",
  apiVersions: [{ name: V, sunset: GRAPH_API_CURRENT.sunset, source: GRAPH_VERSIONS }],
  title: "Instagram API with Instagram Login (hand-written from Meta's reference)",
  sources: Object.values(IG).map((url) => ({ url, read: READ })),
  endpoints: [
    {
      method: "GET",
      path: "/oauth/authorize",
      browser: true,
      query: obj({ enable_fb_login: { enum: ["0", "1"] }, force_authentication: { enum: ["0", "1"] }, client_id: str, redirect_uri: { type: "string", format: "uri" }, response_type: { const: "code" }, scope: { type: "string", pattern: "^instagram_business_[a-z_]+(,instagram_business_[a-z_]+)*$" }, state: str }, ["client_id", "redirect_uri", "response_type", "scope"]),
      source: `${IG.login} (read ${READ}) Step 1: the authorization URL; scopes are comma-separated instagram_business_*`,
    },
    {
      method: "POST",
      path: "/oauth/access_token",
      contentTypes: FORM,
      body: obj({ client_id: str, client_secret: str, grant_type: { const: "authorization_code" }, redirect_uri: { type: "string", format: "uri" }, code: str }, ["client_id", "client_secret", "grant_type", "redirect_uri", "code"]),
      source: `${IG.login} (read ${READ}) Step 2: exchange the code (POST api.instagram.com/oauth/access_token, form body)`,
    },
    {
      method: "GET",
      path: "/graph/access_token",
      query: obj({ grant_type: { const: "ig_exchange_token" }, client_secret: str, access_token: str }, ["grant_type", "client_secret", "access_token"]),
      source: `${IG.login} (read ${READ}) Step 3: long-lived token (GET graph.instagram.com/access_token)`,
    },
    {
      method: "GET",
      path: "/graph/refresh_access_token",
      query: obj({ grant_type: { const: "ig_refresh_token" }, access_token: str }, ["grant_type", "access_token"]),
      source: `${IG.tokens} (read ${READ}): refresh a long-lived token at least 24 hours old`,
    },
    {
      method: "GET",
      path: `/graph/${V}/me`,
      query: obj({ fields: fieldsList(["user_id", "username", "id", "name", "account_type"]), access_token: str }, ["fields"]),
      commaLists: ["fields"],
      source: `${IG.login} (read ${READ}) "Get the app user's profile"`,
    },
    {
      method: "GET",
      path: `/graph/${V}/{igUserId}/content_publishing_limit`,
      pathParams: { igUserId: id },
      headers: BEARER,
      query: obj({ fields: fieldsList(["quota_usage", "config"]), since: str }),
      commaLists: ["fields"],
      source: `${IG.limit} (read ${READ})`,
    },
    {
      method: "POST",
      path: `/graph/${V}/{igUserId}/media`,
      pathParams: { igUserId: id },
      headers: BEARER,
      contentTypes: FORM,
      body: obj({ image_url: { type: "string", format: "uri" }, caption: { type: "string", maxLength: 2200 }, alt_text: { type: "string" } }, ["image_url"]),
      source: `${IG.publish} (read ${READ}) Step 1: image container (image_url, caption up to 2,200 characters)`,
    },
    {
      method: "GET",
      path: `/graph/${V}/{containerId}`,
      pathParams: { containerId: id },
      headers: BEARER,
      query: obj({ fields: fieldsList(["status_code", "status", "id"]) }, ["fields"]),
      commaLists: ["fields"],
      source: `${IG.publish} (read ${READ}) "Check container status": status_code`,
    },
    {
      method: "POST",
      path: `/graph/${V}/{igUserId}/media_publish`,
      pathParams: { igUserId: id },
      headers: BEARER,
      contentTypes: FORM,
      body: obj({ creation_id: id }, ["creation_id"]),
      source: `${IG.publish} (read ${READ}) Step 2: publish the container`,
    },
    {
      method: "GET",
      path: `/graph/${V}/me/media`,
      headers: BEARER,
      query: obj({ fields: fieldsList(["id", "caption", "timestamp", "media_type", "permalink"]), limit: { type: "integer", minimum: 1, maximum: 100 }, since: { type: "integer" }, after: str }),
      commaLists: ["fields"],
      source: `${IG.media} (read ${READ}) GET /{ig-user-id}/media: time-based paging with since`,
    },
    {
      method: "GET",
      path: `/graph/${V}/{mediaId}/insights`,
      pathParams: { mediaId: id },
      headers: BEARER,
      query: obj({ metric: fieldsList(["likes", "comments", "shares", "reach", "saved", "views", "total_interactions"]) }, ["metric"]),
      commaLists: ["metric"],
      source: `${IG.insights} (read ${READ})`,
    },
  ],
};

const TH = {
  auth: "https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions",
  tokens: "https://developers.facebook.com/docs/threads/get-started/long-lived-tokens",
  posts: "https://developers.facebook.com/docs/threads/posts",
  retrieve: "https://developers.facebook.com/docs/threads/threads-media",
  insights: "https://developers.facebook.com/docs/threads/insights",
  appToken: "https://developers.facebook.com/documentation/threads/get-started/app-access-tokens",
  reference: "https://developers.facebook.com/documentation/threads/reference",
  alt: "https://developers.facebook.com/docs/threads/posts/accessibility",
};
const TV = "v1.0";

export const threadsContract: Contract = {
  service: "meta-graph/threads",
  // Threads API versions are not on the Graph API schedule; none has announced a sunset.
  apiVersions: [{ name: TV, sunset: null, source: `${TH.reference} (read 2026-11-28): graph.threads.com or graph.threads.net, v1.0` }],
  title: "Threads API (hand-written from Meta's reference)",
  sources: Object.values(TH).map((url) => ({ url, read: READ })),
  endpoints: [
    {
      method: "GET",
      path: "/oauth/authorize",
      browser: true,
      query: obj({ client_id: str, redirect_uri: { type: "string", format: "uri" }, scope: { type: "string", pattern: "^threads_[a-z_]+(,threads_[a-z_]+)*$" }, response_type: { const: "code" }, state: str }, ["client_id", "redirect_uri", "scope", "response_type"]),
      source: `${TH.auth} (read ${READ}) "Authorization window" (threads.com/oauth/authorize)`,
    },
    {
      method: "POST",
      path: "/oauth/access_token",
      contentTypes: FORM,
      body: obj({ client_id: str, client_secret: str, grant_type: { const: "authorization_code" }, redirect_uri: { type: "string", format: "uri" }, code: str }, ["client_id", "client_secret", "grant_type", "redirect_uri", "code"]),
      source: `${TH.auth} (read ${READ}) "Exchange the code for a token" (POST graph.threads.com/oauth/access_token)`,
    },
    {
      method: "GET",
      path: "/oauth/access_token",
      query: obj({ client_id: str, client_secret: str, grant_type: { const: "client_credentials" } }, ["client_id", "client_secret", "grant_type"]),
      source: `${TH.appToken} (read 2026-11-28) "Generating an app access token" (the doctor's credential check, decision 234)`,
    },
    {
      method: "GET",
      path: "/access_token",
      query: obj({ grant_type: { const: "th_exchange_token" }, client_secret: str, access_token: str }, ["grant_type", "client_secret", "access_token"]),
      source: `${TH.tokens} (read ${READ}) "Get a long-lived token"`,
    },
    {
      method: "GET",
      path: "/refresh_access_token",
      query: obj({ grant_type: { const: "th_refresh_token" }, access_token: str }, ["grant_type", "access_token"]),
      source: `${TH.tokens} (read ${READ}) "Refresh a long-lived token" (at least 24 hours old)`,
    },
    {
      method: "GET",
      path: `/${TV}/me`,
      headers: BEARER,
      query: obj({ fields: fieldsList(["id", "username", "name", "threads_profile_picture_url", "threads_biography"]) }, ["fields"]),
      commaLists: ["fields"],
      source: `${TH.retrieve} (read ${READ}) user profile fields`,
    },
    {
      method: "POST",
      path: `/${TV}/{userId}/threads`,
      pathParams: { userId: id },
      headers: BEARER,
      contentTypes: FORM,
      body: {
        type: "object",
        required: ["media_type"],
        oneOf: [
          { properties: { media_type: { const: "TEXT" } }, required: ["text"], not: { anyOf: [{ required: ["image_url"] }, { required: ["alt_text"] }] } },
          { properties: { media_type: { const: "IMAGE" } }, required: ["image_url"] },
        ],
        // alt_text: images and videos only (TH.alt, read 2026-11-28).
        properties: { media_type: { enum: ["TEXT", "IMAGE"] }, text: { type: "string", maxLength: 500 }, image_url: { type: "string", format: "uri" }, alt_text: { type: "string" } },
        additionalProperties: false,
      },
      source: `${TH.posts} (read ${READ}) Step 1: media container (media_type TEXT with text, IMAGE with image_url; text up to 500 characters)`,
    },
    {
      method: "GET",
      path: `/${TV}/{containerId}`,
      pathParams: { containerId: id },
      headers: BEARER,
      query: obj({ fields: fieldsList(["status", "error_message", "id"]) }, ["fields"]),
      commaLists: ["fields"],
      source: `${TH.posts} (read ${READ}) "Media container status"`,
    },
    {
      method: "POST",
      path: `/${TV}/{userId}/threads_publish`,
      pathParams: { userId: id },
      headers: BEARER,
      contentTypes: FORM,
      body: obj({ creation_id: id }, ["creation_id"]),
      source: `${TH.posts} (read ${READ}) Step 2: publish the container`,
    },
    {
      method: "GET",
      path: `/${TV}/{userId}/threads`,
      pathParams: { userId: id },
      headers: BEARER,
      query: obj({ fields: fieldsList(["id", "text", "timestamp", "permalink", "media_type"]), since: { type: "integer" }, until: { type: "integer" }, limit: { type: "integer", minimum: 1, maximum: 100 }, after: str, before: str }),
      commaLists: ["fields"],
      source: `${TH.retrieve} (read ${READ}) "Retrieve a list of all a user's threads" (since/until, cursor paging)`,
    },
    {
      method: "GET",
      path: `/${TV}/{mediaId}/insights`,
      pathParams: { mediaId: id },
      headers: BEARER,
      query: obj({ metric: fieldsList(["views", "likes", "replies", "reposts", "quotes", "shares"]) }, ["metric"]),
      commaLists: ["metric"],
      source: `${TH.insights} (read ${READ}) media insights`,
    },
  ],
};

const FB = {
  login: "https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow",
  longLived: "https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived",
  pages: "https://developers.facebook.com/docs/pages-api/getting-started",
  posts: "https://developers.facebook.com/docs/pages-api/posts",
  photos: "https://developers.facebook.com/docs/graph-api/reference/page/photos",
  post: "https://developers.facebook.com/docs/graph-api/reference/pagepost",
  appToken: "https://developers.facebook.com/docs/facebook-login/guides/access-tokens#apptokens",
};

const fbToken: ContractEndpoint = {
  method: "GET",
  path: `/${V}/oauth/access_token`,
  query: {
    type: "object",
    oneOf: [
      { required: ["client_id", "client_secret", "redirect_uri", "code"], not: { required: ["grant_type"] } },
      { required: ["grant_type", "client_id", "client_secret", "fb_exchange_token"], properties: { grant_type: { const: "fb_exchange_token" } } },
      // The app access token (the doctor's credential check, decision 234).
      { required: ["grant_type", "client_id", "client_secret"], properties: { grant_type: { const: "client_credentials" } }, not: { anyOf: [{ required: ["code"] }, { required: ["fb_exchange_token"] }] } },
    ],
    properties: { client_id: str, client_secret: str, redirect_uri: { type: "string", format: "uri" }, code: str, grant_type: { enum: ["fb_exchange_token", "client_credentials"] }, fb_exchange_token: str },
    additionalProperties: false,
  },
  source: `${FB.login} (read ${READ}) "Exchanging code for an access token"; ${FB.longLived} (grant_type=fb_exchange_token)`,
};

export const facebookContract: Contract = {
  service: "meta-graph/facebook",
  apiVersions: [{ name: V, sunset: GRAPH_API_CURRENT.sunset, source: GRAPH_VERSIONS }],
  title: "Facebook Login and Pages API (hand-written from Meta's reference)",
  sources: Object.values(FB).map((url) => ({ url, read: READ })),
  endpoints: [
    {
      method: "GET",
      path: `/${V}/dialog/oauth`,
      browser: true,
      query: obj({ client_id: str, redirect_uri: { type: "string", format: "uri" }, state: str, response_type: { enum: ["code", "token"] }, scope: { type: "string", pattern: "^[a-z_]+(,[a-z_]+)*$" } }, ["client_id", "redirect_uri"]),
      source: `${FB.login} (read ${READ}) "Invoking the login dialog"`,
    },
    fbToken,
    {
      method: "GET",
      path: `/${V}/me`,
      headers: BEARER,
      query: obj({ fields: fieldsList(["id", "name"]) }, ["fields"]),
      commaLists: ["fields"],
      source: `${FB.pages} (read ${READ}) "Get your user id"`,
    },
    {
      method: "GET",
      path: `/${V}/me/accounts`,
      headers: BEARER,
      query: obj({ fields: fieldsList(["id", "name", "access_token", "tasks", "category"]), limit: { type: "integer", minimum: 1, maximum: 100 }, after: str }),
      commaLists: ["fields"],
      source: `${FB.pages} (read ${READ}) "Get Page access token" (GET /{user-id}/accounts)`,
    },
    {
      method: "POST",
      path: `/${V}/{pageId}/feed`,
      pathParams: { pageId: id },
      headers: BEARER,
      contentTypes: FORM,
      body: obj({ message: str, link: { type: "string", format: "uri" }, published: { type: "boolean" } }, ["message"]),
      source: `${FB.posts} (read ${READ}) "Publish a post" (POST /{page-id}/feed)`,
    },
    {
      method: "POST",
      path: `/${V}/{pageId}/photos`,
      pathParams: { pageId: id },
      headers: BEARER,
      contentTypes: [...FORM, "multipart/form-data"],
      body: {
        type: "object",
        oneOf: [{ required: ["url"] }, { required: ["source"] }],
        properties: { url: { type: "string", format: "uri" }, source: { type: "string" }, caption: { type: "string" }, published: { type: "boolean" } },
        additionalProperties: false,
      },
      source: `${FB.photos} (read ${READ}) "Creating": url or multipart source, caption, published`,
    },
    {
      method: "GET",
      path: `/${V}/{pageId}/published_posts`,
      pathParams: { pageId: id },
      headers: BEARER,
      query: obj({ fields: fieldsList(["id", "message", "created_time", "permalink_url"]), since: { type: "integer" }, until: { type: "integer" }, limit: { type: "integer", minimum: 1, maximum: 100 }, after: str, __paging_token: str }),
      commaLists: ["fields"],
      source: `${FB.posts} (read ${READ}) "Get posts" (published_posts, since/until)`,
    },
    {
      method: "GET",
      path: `/${V}/{postId}`,
      pathParams: { postId: id },
      headers: BEARER,
      query: obj({ fields: { type: "string", minLength: 1 } }, ["fields"]),
      source: `${FB.post} (read ${READ}) fields incl. reactions.summary(total_count), comments.summary(total_count), shares`,
    },
  ],
};
