// LinkedIn as Brandpilot calls it: OAuth 2.0 (three-legged), OpenID Connect userinfo, and the
// versioned Community Management APIs (Posts API, Images API, Social Actions). LinkedIn publishes
// no machine-readable description, so each rule cites the Microsoft Learn page it comes from
// (read 2026-11-27). Permissions (docs/decisions/196): w_member_social is open to every app with
// "Share on LinkedIn"; r_member_social ("restricted to select developers") is needed to read a
// member's posts and their social actions; programmatic refresh tokens are for approved partners.
// The upload URL the Images API returns is served by the sandbox at /_upload/{image}.
import type { Contract } from "../validate.ts";

const READ = "2026-11-27";
const L = {
  oauth: "https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow",
  clientCredentials: "https://learn.microsoft.com/en-us/linkedin/shared/authentication/client-credentials-flow",
  refresh: "https://learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens",
  oidc: "https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2",
  versioning: "https://learn.microsoft.com/en-us/linkedin/marketing/versioning",
  posts: "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api",
  images: "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api",
  social: "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/social-actions-api",
  share: "https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/share-on-linkedin",
};
const REST = { authorization: "^Bearer \\S+$", "linkedin-version": "^\\d{6}(\\.\\d{2})?$", "x-restli-protocol-version": "^2\\.0\\.0$" };
const PERSON = "^urn:li:person:[A-Za-z0-9_-]+$";
const SCOPES = ["openid", "profile", "email", "w_member_social", "r_member_social"];

export const linkedinContract: Contract = {
  service: "linkedin",
  // Each monthly version is supported at least one year (202510 sunsets 2026-10-15).
  apiVersions: [{ name: "202610", sunset: "2027-10-15", source: `${L.versioning} (read 2026-11-28): versions supported a minimum of one year; https://learn.microsoft.com/en-us/linkedin/marketing/integrations/migrations` }],
  title: "LinkedIn OAuth 2.0, userinfo and Community Management APIs (hand-written from Microsoft Learn)",
  sources: Object.values(L).map((url) => ({ url, read: READ })),
  endpoints: [
    {
      method: "GET",
      path: "/oauth/v2/authorization",
      browser: true,
      query: {
        type: "object",
        required: ["response_type", "client_id", "redirect_uri", "scope"],
        properties: { response_type: { const: "code" }, client_id: { type: "string", minLength: 1 }, redirect_uri: { type: "string", format: "uri" }, state: { type: "string" }, scope: { type: "string", pattern: `^(${SCOPES.join("|")})( (${SCOPES.join("|")}))*$` } },
        additionalProperties: false,
      },
      source: `${L.oauth} (read ${READ}) Step 2: request an authorization code (space-delimited scopes)`,
    },
    {
      method: "POST",
      path: "/oauth/v2/accessToken",
      contentTypes: ["application/x-www-form-urlencoded"],
      body: {
        type: "object",
        oneOf: [
          { required: ["grant_type", "code", "redirect_uri", "client_id", "client_secret"], properties: { grant_type: { const: "authorization_code" } } },
          { required: ["grant_type", "refresh_token", "client_id", "client_secret"], properties: { grant_type: { const: "refresh_token" } } },
          { required: ["grant_type", "client_id", "client_secret"], properties: { grant_type: { const: "client_credentials" } }, not: { anyOf: [{ required: ["code"] }, { required: ["refresh_token"] }] } },
        ],
        properties: { grant_type: { enum: ["authorization_code", "refresh_token", "client_credentials"] }, code: { type: "string" }, redirect_uri: { type: "string", format: "uri" }, client_id: { type: "string" }, client_secret: { type: "string" }, refresh_token: { type: "string" } },
        additionalProperties: false,
      },
      source: `${L.oauth} (read ${READ}) Step 3; ${L.refresh} (refresh_token grant, approved partners only); ${L.clientCredentials} (read 2026-11-28) Step 2 (client_credentials: the doctor's check, decision 234)`,
    },
    { method: "GET", path: "/v2/userinfo", headers: { authorization: "^Bearer \\S+$" }, source: `${L.oidc} (read ${READ}) "API Request to Retrieve Member Details"` },
    {
      method: "POST",
      path: "/rest/images",
      headers: REST,
      query: { type: "object", required: ["action"], properties: { action: { const: "initializeUpload" } }, additionalProperties: false },
      contentTypes: ["application/json"],
      body: {
        type: "object",
        required: ["initializeUploadRequest"],
        properties: { initializeUploadRequest: { type: "object", required: ["owner"], properties: { owner: { type: "string", pattern: "^urn:li:(person|organization):[A-Za-z0-9_-]+$" } }, additionalProperties: false } },
        additionalProperties: false,
      },
      source: `${L.images} (read ${READ}) "Initialize Image Upload"`,
    },
    {
      method: "PUT",
      path: "/_upload/{image}",
      headers: { authorization: "^Bearer \\S+$" },
      contentTypes: ["image/jpeg", "image/png", "image/gif", "application/octet-stream"],
      source: `${L.images} (read ${READ}) "Upload the Image": PUT the bytes to uploadUrl with the token`,
    },
    {
      method: "GET",
      path: "/rest/images/{image}",
      pathParams: { image: { type: "string", pattern: "^urn:li:image:[A-Za-z0-9_-]+$" } },
      headers: REST,
      source: `${L.images} (read ${READ}) "Get a Single Image" (status AVAILABLE, PROCESSING, ...)`,
    },
    {
      method: "POST",
      path: "/rest/posts",
      headers: REST,
      contentTypes: ["application/json"],
      body: {
        type: "object",
        required: ["author", "commentary", "visibility", "distribution", "lifecycleState"],
        properties: {
          author: { type: "string", pattern: "^urn:li:(person|organization):[A-Za-z0-9_-]+$" },
          commentary: { type: "string", maxLength: 3000 },
          visibility: { enum: ["PUBLIC", "CONNECTIONS", "LOGGED_IN", "CONTAINER"] },
          distribution: {
            type: "object",
            required: ["feedDistribution"],
            properties: { feedDistribution: { enum: ["MAIN_FEED", "NONE"] }, targetEntities: { type: "array" }, thirdPartyDistributionChannels: { type: "array" } },
            additionalProperties: false,
          },
          lifecycleState: { enum: ["PUBLISHED", "DRAFT"] },
          isReshareDisabledByAuthor: { type: "boolean" },
          content: {
            type: "object",
            properties: { media: { type: "object", required: ["id"], properties: { id: { type: "string", pattern: "^urn:li:(image|video|document):[A-Za-z0-9_-]+$" }, title: { type: "string" }, altText: { type: "string", maxLength: 4086 } }, additionalProperties: false } },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
      source: `${L.posts} (read ${READ}) "Create a Post" (schema of a post; commentary in little text)`,
    },
    {
      method: "GET",
      path: "/rest/posts",
      headers: { ...REST, "x-restli-method": "^FINDER$" },
      query: {
        type: "object",
        required: ["q", "author"],
        properties: { q: { const: "author" }, author: { type: "string", pattern: PERSON }, count: { type: "integer", minimum: 1, maximum: 100 }, start: { type: "integer", minimum: 0 }, sortBy: { enum: ["LAST_MODIFIED", "CREATED"] }, viewContext: { enum: ["READER", "AUTHOR"] } },
        additionalProperties: false,
      },
      source: `${L.posts} (read ${READ}) "Find Posts by Authors" (needs r_member_social for member posts: restricted)`,
    },
    {
      method: "GET",
      path: "/rest/socialActions/{target}",
      pathParams: { target: { type: "string", pattern: "^urn:li:(share|ugcPost):[0-9]+$" } },
      headers: REST,
      source: `${L.social} (read ${READ}) "Retrieve Social Actions" (r_member_social)`,
    },
  ],
};
