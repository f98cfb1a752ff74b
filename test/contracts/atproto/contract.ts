// The AT Protocol methods Brandpilot calls on a PDS, checked against the lexicons themselves
// (lexicons/*.json: copies of bluesky-social/atproto lexicons/ at commit d6296a1, 2026-08-20,
// read 2026-11-27). The lexicons are turned into request schemas here: query parameters from
// `parameters`, bodies from `input` (encoding and schema), the post record of createRecord from
// app.bsky.feed.post. Lexicon strings count UTF-8 bytes (maxLength) and graphemes
// (maxGraphemes); objects stay open to unknown fields, as the lexicon spec says. Which calls need
// `Authorization: Bearer` comes from the XRPC spec (docs/decisions/197).
import type { Contract, ContractEndpoint, JsonSchema } from "../validate.ts";
import createRecord from "./lexicons/com.atproto.repo.createRecord.json" with { type: "json" };
import getRecord from "./lexicons/com.atproto.repo.getRecord.json" with { type: "json" };
import uploadBlob from "./lexicons/com.atproto.repo.uploadBlob.json" with { type: "json" };
import strongRef from "./lexicons/com.atproto.repo.strongRef.json" with { type: "json" };
import createSession from "./lexicons/com.atproto.server.createSession.json" with { type: "json" };
import refreshSession from "./lexicons/com.atproto.server.refreshSession.json" with { type: "json" };
import resolveHandle from "./lexicons/com.atproto.identity.resolveHandle.json" with { type: "json" };
import labelDefs from "./lexicons/com.atproto.label.defs.json" with { type: "json" };
import post from "./lexicons/app.bsky.feed.post.json" with { type: "json" };
import getAuthorFeed from "./lexicons/app.bsky.feed.getAuthorFeed.json" with { type: "json" };
import getPosts from "./lexicons/app.bsky.feed.getPosts.json" with { type: "json" };
import embedImages from "./lexicons/app.bsky.embed.images.json" with { type: "json" };
import embedDefs from "./lexicons/app.bsky.embed.defs.json" with { type: "json" };
import facet from "./lexicons/app.bsky.richtext.facet.json" with { type: "json" };

const READ = "2026-11-27";
const COMMIT = "d6296a1cfdb40a773319cb59061300e4e8e52f26";
const LEXICONS_URL = `https://github.com/bluesky-social/atproto/tree/${COMMIT}/lexicons`;
const XRPC_URL = "https://atproto.com/specs/xrpc";

type Lex = { id: string; defs: Record<string, Record<string, unknown>> };
const DOCS: Lex[] = [createRecord, getRecord, uploadBlob, strongRef, createSession, refreshSession, resolveHandle, labelDefs, post, getAuthorFeed, getPosts, embedImages, embedDefs, facet] as unknown as Lex[];

const FORMATS: Record<string, JsonSchema> = {
  datetime: { format: "date-time" },
  uri: { format: "uri" },
  "at-uri": { pattern: "^at://[^/]+(/[^/]+(/[^/]+)?)?$" },
  did: { pattern: "^did:[a-z]+:[A-Za-z0-9._:%-]+$" },
  handle: { pattern: "^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$" },
  "at-identifier": { pattern: "^(did:[a-z]+:[A-Za-z0-9._:%-]+|([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z][A-Za-z0-9-]*)$" },
  nsid: { pattern: "^[a-zA-Z]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)+$" },
  "record-key": { pattern: "^(?!\\.{1,2}$)[A-Za-z0-9._:~-]{1,512}$" },
  tid: { pattern: "^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$" },
  cid: { pattern: "^[A-Za-z0-9+=]{8,}$" },
  language: { pattern: "^[a-zA-Z]{2,3}(-[a-zA-Z0-9]+)*$" },
};

const defKey = (lexId: string, ref: string) => (ref.startsWith("#") ? `${lexId}${ref}` : ref.includes("#") ? ref : `${ref}#main`);
const KNOWN = new Set(DOCS.flatMap((d) => Object.keys(d.defs).map((name) => `${d.id}#${name}`)));
/** A reference to a definition; one of a lexicon not copied here (an embed we never send) is left unchecked. */
const defRef = (key: string): JsonSchema => (KNOWN.has(key) ? { $ref: `#/definitions/${encodeURIComponent(key)}` } : {});

/** One lexicon type as a JSON schema (definitions are referenced by `nsid#name`). */
function toSchema(lexId: string, t: Record<string, unknown>): JsonSchema {
  switch (t.type) {
    case "object":
    case "params": {
      const props = (t.properties ?? {}) as Record<string, Record<string, unknown>>;
      return { type: "object", required: t.required ?? [], properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, toSchema(lexId, v)])) };
    }
    case "string": {
      const s: JsonSchema = { type: "string" };
      if (typeof t.maxLength === "number") s.maxBytes = t.maxLength;
      if (typeof t.maxGraphemes === "number") s.maxGraphemes = t.maxGraphemes;
      if (Array.isArray(t.enum)) s.enum = t.enum;
      if (typeof t.const === "string") s.const = t.const;
      return { ...s, ...(typeof t.format === "string" ? (FORMATS[t.format] ?? {}) : {}) };
    }
    case "integer":
      return { type: "integer", ...(typeof t.minimum === "number" ? { minimum: t.minimum } : {}), ...(typeof t.maximum === "number" ? { maximum: t.maximum } : {}) };
    case "boolean":
      return { type: "boolean" };
    case "array":
      return { type: "array", items: toSchema(lexId, t.items as Record<string, unknown>), ...(typeof t.maxLength === "number" ? { maxItems: t.maxLength } : {}), ...(typeof t.minLength === "number" ? { minItems: t.minLength } : {}) };
    case "ref":
      return defRef(defKey(lexId, t.ref as string));
    case "union": {
      // Each member carries its $type; an open union (the default) also takes types it does not list.
      const members = (t.refs as string[]).map((r) => ({ allOf: [{ type: "object", required: ["$type"], properties: { $type: { const: defKey(lexId, r).replace(/#main$/, "") } } }, defRef(defKey(lexId, r))] }));
      return t.closed ? { anyOf: members } : { anyOf: [...members, { type: "object", required: ["$type"], not: { properties: { $type: { enum: (t.refs as string[]).map((r) => defKey(lexId, r).replace(/#main$/, "")) } } } }] };
    }
    case "blob":
      return {
        type: "object",
        required: ["$type", "ref", "mimeType", "size"],
        properties: { $type: { const: "blob" }, ref: { type: "object", required: ["$link"] }, mimeType: { type: "string" }, size: { type: "integer", ...(typeof t.maxSize === "number" ? { maximum: t.maxSize } : {}) } },
      };
    case "cid-link":
      return { type: "object", required: ["$link"], properties: { $link: { type: "string" } } };
    case "bytes":
      return { type: "object", required: ["$bytes"] };
    case "token":
      return { type: "string" };
    case "record":
      return toSchema(lexId, t.record as Record<string, unknown>);
    default:
      return {};
  }
}

const definitions: Record<string, JsonSchema> = {};
for (const doc of DOCS) for (const [name, def] of Object.entries(doc.defs)) definitions[`${doc.id}#${name}`] = toSchema(doc.id, def);

const BEARER = { authorization: "^Bearer \\S+$" };

function method(doc: Lex, opts: { auth: boolean; body?: JsonSchema }): ContractEndpoint {
  const main = doc.defs.main!;
  const isQuery = main.type === "query";
  const input = main.input as { encoding?: string; schema?: Record<string, unknown> } | undefined;
  return {
    method: isQuery ? "GET" : "POST",
    path: `/xrpc/${doc.id}`,
    query: main.parameters ? { ...toSchema(doc.id, main.parameters as Record<string, unknown>), additionalProperties: false } : undefined,
    headers: opts.auth ? BEARER : undefined,
    contentTypes: input?.encoding ? [input.encoding] : undefined,
    body: opts.body ?? (input?.schema ? toSchema(doc.id, input.schema) : undefined),
    source: `${LEXICONS_URL}/${doc.id.replace(/\./g, "/")}.json (read ${READ})${opts.auth ? `; auth: ${XRPC_URL}` : ""}`,
  };
}

// createRecord's `record` is "unknown" in its lexicon: a post must be an app.bsky.feed.post.
const createRecordBody: JsonSchema = {
  allOf: [
    toSchema(createRecord.id, (createRecord.defs.main.input as { schema: Record<string, unknown> }).schema),
    {
      if: { properties: { collection: { const: "app.bsky.feed.post" } } },
      then: { properties: { record: { allOf: [{ type: "object", required: ["$type"], properties: { $type: { const: "app.bsky.feed.post" } } }, defRef("app.bsky.feed.post#main")] } } },
    },
  ],
};

export const atprotoContract: Contract = {
  service: "atproto",
  title: "AT Protocol lexicons (com.atproto.repo.*, com.atproto.server.*, app.bsky.feed.*)",
  sources: [
    { url: LEXICONS_URL, read: READ, note: "copies in test/contracts/atproto/lexicons/" },
    { url: XRPC_URL, read: READ, note: "Authorization: Bearer <access JWT>; refreshSession takes the refresh JWT" },
  ],
  definitions,
  endpoints: [
    method(createSession as unknown as Lex, { auth: false }),
    method(refreshSession as unknown as Lex, { auth: true }),
    method(resolveHandle as unknown as Lex, { auth: false }),
    method(getRecord as unknown as Lex, { auth: false }),
    method(uploadBlob as unknown as Lex, { auth: true }),
    method(createRecord as unknown as Lex, { auth: true, body: createRecordBody }),
    method(getAuthorFeed as unknown as Lex, { auth: false }),
    method(getPosts as unknown as Lex, { auth: false }),
  ],
};
