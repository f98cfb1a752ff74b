// X API v2 as Brandpilot calls it: the operations of X's own OpenAPI description (openapi.json,
// a subset of xdevplatform/xdk specs/openapi.json v2.167 kept next to this file), plus the
// OAuth 2.0 endpoints, which that description does not cover (hand-written from docs.x.com).
import type { Contract } from "../validate.ts";
import { endpointsFromOpenApi } from "../validate.ts";
import openapi from "./openapi.json" with { type: "json" };

const OPENAPI_URL = "https://github.com/xdevplatform/xdk/blob/489c3f027a21fed2f8c1a796421eaf880cc59dfa/specs/openapi.json";
const OAUTH_URL = "https://docs.x.com/fundamentals/authentication/oauth-2-0/user-access-token";
const READ = "2026-11-27";

const FIELDS_URL = "https://docs.x.com/x-api/fundamentals/fields";
const METADATA_URL = "https://docs.x.com/x-api/media/create-media-metadata";
const fromSpec = endpointsFromOpenApi(openapi as never, `${OPENAPI_URL} (read ${READ})`, { headers: { authorization: "^Bearer \\S+$" } });

// One documented override: openapi.json v2.167 names the Post fields parameter `post.fields`,
// while docs.x.com's Fields page (read 2026-11-27) and every example there use `tweet.fields`.
// The adapter keeps the documented `tweet.fields`; the contract accepts it with the same schema
// (docs/decisions/195).
for (const e of fromSpec.endpoints) {
  const props = (e.query?.properties ?? {}) as Record<string, unknown>;
  if (props["post.fields"]) {
    props["tweet.fields"] = props["post.fields"];
    e.commaLists = [...(e.commaLists ?? []), "tweet.fields"];
  }
}

export const xContract: Contract = {
  service: "x",
  title: "X API v2 (openapi.json) and X OAuth 2.0",
  sources: [
    { url: OPENAPI_URL, read: READ, note: "X API v2 core endpoints, info.version 2.167; subset in test/contracts/x/openapi.json" },
    { url: FIELDS_URL, read: READ, note: "the Post fields parameter is tweet.fields (the openapi.json says post.fields)" },
    { url: OAUTH_URL, read: READ, note: "authorization code with PKCE, refresh_token grant, confidential clients use Basic auth" },
    { url: METADATA_URL, read: "2026-11-28", note: "POST /2/media/metadata (alt text of an uploaded image); not in the openapi.json subset" },
  ],
  definitions: fromSpec.definitions,
  endpoints: [
    ...fromSpec.endpoints,
    {
      method: "GET",
      path: "/i/oauth2/authorize",
      browser: true,
      query: {
        type: "object",
        required: ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"],
        properties: {
          response_type: { const: "code" },
          client_id: { type: "string", minLength: 1 },
          redirect_uri: { type: "string", format: "uri" },
          scope: { type: "string", pattern: "^[a-z.]+( [a-z.]+)*$" },
          state: { type: "string", maxLength: 500 },
          code_challenge: { type: "string", minLength: 43 },
          code_challenge_method: { enum: ["S256", "plain"] },
        },
        additionalProperties: false,
      },
      source: `${OAUTH_URL} (read ${READ}) Step 1: the authorize URL`,
    },
    {
      method: "POST",
      path: "/2/oauth2/token",
      contentTypes: ["application/x-www-form-urlencoded"],
      headers: { "content-type": "^application/x-www-form-urlencoded" },
      body: {
        type: "object",
        required: ["grant_type"],
        oneOf: [
          { required: ["code", "redirect_uri", "code_verifier"], properties: { grant_type: { const: "authorization_code" } } },
          { required: ["refresh_token"], properties: { grant_type: { const: "refresh_token" } } },
        ],
        properties: {
          grant_type: { enum: ["authorization_code", "refresh_token"] },
          code: { type: "string" },
          redirect_uri: { type: "string", format: "uri" },
          code_verifier: { type: "string", minLength: 43, maxLength: 128 },
          refresh_token: { type: "string" },
          client_id: { type: "string" },
        },
        additionalProperties: false,
      },
      source: `${OAUTH_URL} (read ${READ}) Step 3 (POST oauth2/token) and "Refresh token"`,
    },
    {
      // Only the alt_text part of `metadata` is written here (the one Brandpilot sends); the
      // text's 1,000-character limit is the v1.1 media/metadata/create page's, which v2 keeps.
      method: "POST",
      path: "/2/media/metadata",
      headers: { authorization: "^Bearer \\S+$", "content-type": "^application/json" },
      contentTypes: ["application/json"],
      body: {
        type: "object",
        required: ["id", "metadata"],
        properties: {
          id: { type: "string", pattern: "^[0-9]{1,19}$" },
          metadata: {
            type: "object",
            properties: {
              alt_text: {
                type: "object",
                required: ["text"],
                properties: { text: { type: "string", maxLength: 1000 } },
                additionalProperties: false,
              },
            },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
      source: `${METADATA_URL} (read 2026-11-28) "Create Media metadata": { id, metadata: { alt_text: { text } } }`,
    },
  ],
};
