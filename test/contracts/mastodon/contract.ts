// Mastodon's REST API as Brandpilot calls it, on any instance. Mastodon publishes its API as
// documentation pages, not a machine-readable description, so this contract is hand-written
// from docs.joinmastodon.org (read 2026-11-27); each endpoint cites its page. The sandbox serves
// an instance under /i/<host>; that prefix is not part of the API (docs/decisions/198).
import type { Contract } from "../validate.ts";

const READ = "2026-11-27";
const D = {
  apps: "https://docs.joinmastodon.org/methods/apps/#create",
  oauthAuthorize: "https://docs.joinmastodon.org/methods/oauth/#authorize",
  oauthToken: "https://docs.joinmastodon.org/methods/oauth/#token",
  instance: "https://docs.joinmastodon.org/methods/instance/#v2",
  verify: "https://docs.joinmastodon.org/methods/accounts/#verify_credentials",
  media: "https://docs.joinmastodon.org/methods/media/#v2",
  mediaGet: "https://docs.joinmastodon.org/methods/media/#get",
  statuses: "https://docs.joinmastodon.org/methods/statuses/#create",
  status: "https://docs.joinmastodon.org/methods/statuses/#get",
  accountStatuses: "https://docs.joinmastodon.org/methods/accounts/#statuses",
  scopes: "https://docs.joinmastodon.org/api/oauth-scopes/",
};
const BEARER = { authorization: "^Bearer \\S+$" };
const SCOPES = "^(read|write|write:statuses|write:media|profile)( (read|write|write:statuses|write:media|profile))*$";
const FORM_OR_JSON = ["application/x-www-form-urlencoded", "application/json", "multipart/form-data"];
const id = { type: "string", pattern: "^[0-9A-Za-z]{1,32}$" };

export const mastodonContract: Contract = {
  service: "mastodon",
  title: "Mastodon REST API (hand-written from docs.joinmastodon.org)",
  sources: Object.values(D).map((url) => ({ url, read: READ })),
  sandboxPathPrefix: "^/i/[^/]+",
  endpoints: [
    {
      method: "POST",
      path: "/api/v1/apps",
      contentTypes: FORM_OR_JSON,
      body: {
        type: "object",
        required: ["client_name", "redirect_uris"],
        properties: { client_name: { type: "string", minLength: 1 }, redirect_uris: { type: "string", minLength: 1 }, scopes: { type: "string", pattern: SCOPES }, website: { type: "string", format: "uri" } },
        additionalProperties: false,
      },
      source: `${D.apps} (read ${READ})`,
    },
    { method: "GET", path: "/api/v2/instance", source: `${D.instance} (read ${READ})` },
    {
      method: "GET",
      path: "/oauth/authorize",
      browser: true,
      query: {
        type: "object",
        required: ["response_type", "client_id", "redirect_uri"],
        properties: { response_type: { const: "code" }, client_id: { type: "string" }, redirect_uri: { type: "string" }, scope: { type: "string", pattern: SCOPES }, state: { type: "string" }, code_challenge: { type: "string" }, code_challenge_method: { const: "S256" }, force_login: { type: "boolean" }, lang: { type: "string" } },
        additionalProperties: false,
      },
      source: `${D.oauthAuthorize} (read ${READ})`,
    },
    {
      method: "POST",
      path: "/oauth/token",
      contentTypes: FORM_OR_JSON,
      body: {
        type: "object",
        required: ["grant_type", "code", "client_id", "client_secret", "redirect_uri"],
        properties: { grant_type: { const: "authorization_code" }, code: { type: "string" }, client_id: { type: "string" }, client_secret: { type: "string" }, redirect_uri: { type: "string" }, code_verifier: { type: "string" }, scope: { type: "string", pattern: SCOPES } },
        additionalProperties: false,
      },
      source: `${D.oauthToken} (read ${READ})`,
    },
    { method: "GET", path: "/api/v1/accounts/verify_credentials", headers: BEARER, source: `${D.verify} (read ${READ})` },
    {
      method: "POST",
      path: "/api/v2/media",
      headers: BEARER,
      contentTypes: ["multipart/form-data"],
      body: { type: "object", required: ["file"], properties: { file: { type: "string" }, thumbnail: { type: "string" }, description: { type: "string" }, focus: { type: "string" } }, additionalProperties: false },
      source: `${D.media} (read ${READ}) multipart file`,
    },
    { method: "GET", path: "/api/v1/media/{id}", pathParams: { id }, headers: BEARER, source: `${D.mediaGet} (read ${READ}) 206 while processing` },
    {
      method: "POST",
      path: "/api/v1/statuses",
      headers: BEARER,
      contentTypes: FORM_OR_JSON,
      body: {
        type: "object",
        properties: {
          status: { type: "string" },
          media_ids: { type: "array", items: { type: "string" }, maxItems: 4 },
          visibility: { enum: ["public", "unlisted", "private", "direct"] },
          sensitive: { type: "boolean" },
          spoiler_text: { type: "string" },
          language: { type: "string" },
          in_reply_to_id: { type: "string" },
          scheduled_at: { type: "string" },
        },
        anyOf: [{ required: ["status"] }, { required: ["media_ids"] }],
        additionalProperties: false,
      },
      source: `${D.statuses} (read ${READ}) Idempotency-Key header; status or media_ids`,
    },
    { method: "GET", path: "/api/v1/statuses/{id}", pathParams: { id }, headers: BEARER, source: `${D.status} (read ${READ})` },
    {
      method: "GET",
      path: "/api/v1/accounts/{id}/statuses",
      pathParams: { id },
      headers: BEARER,
      query: {
        type: "object",
        properties: { max_id: { type: "string" }, since_id: { type: "string" }, min_id: { type: "string" }, limit: { type: "integer", minimum: 1, maximum: 40 }, only_media: { type: "boolean" }, exclude_replies: { type: "boolean" }, exclude_reblogs: { type: "boolean" }, pinned: { type: "boolean" }, tagged: { type: "string" } },
        additionalProperties: false,
      },
      source: `${D.accountStatuses} (read ${READ}) limit at most 40`,
    },
  ],
};
