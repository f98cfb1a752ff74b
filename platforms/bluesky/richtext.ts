// Bluesky rich text: links, mentions and hashtags are not markup but "facets" that point at
// UTF-8 BYTE ranges of the text (byteStart inclusive, byteEnd exclusive), per
// docs.bsky.app/docs/advanced-guides/post-richtext and the lexicon app.bsky.richtext.facet.
// Detection follows the reference implementation in @atproto/api (rich-text/detection.ts):
// mentions need a dotted handle, links need http(s), trailing punctuation is not part of a link
// or tag, tags are at most 64 characters and not only digits. Pure: used by the adapter, the
// sandbox (which checks the offsets) and the preview.

export type Facet = {
  index: { byteStart: number; byteEnd: number };
  features: (
    | { $type: "app.bsky.richtext.facet#link"; uri: string }
    | { $type: "app.bsky.richtext.facet#mention"; did: string }
    | { $type: "app.bsky.richtext.facet#tag"; tag: string }
  )[];
};

type Detected =
  | { kind: "link"; start: number; end: number; uri: string }
  | { kind: "mention"; start: number; end: number; handle: string }
  | { kind: "tag"; start: number; end: number; tag: string };

import { utf8Length } from "./meta.ts";

const MENTION_RE = /(^|\s|\()(@)([a-zA-Z0-9.-]+)(\b)/g;
const URL_RE = /(^|\s|\()(https?:\/\/[\S]+)/gim;
// The reference implementation lists zero-width characters on purpose: they end a tag.
const TAG_RE =
  // eslint-disable-next-line no-misleading-character-class
  /(^|\s)[#＃]((?!\ufe0f)[^\s\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]*[^\d\s\p{P}\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]+[^\s\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]*)?/gu;
const HANDLE_RE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

/** Finds links, mentions and tags as UTF-16 ranges of `text`. */
function detect(text: string): Detected[] {
  const out: Detected[] = [];
  for (const m of text.matchAll(MENTION_RE)) {
    const handle = m[3]!.replace(/[.]+$/, "");
    if (!HANDLE_RE.test(handle)) continue;
    const start = m.index! + m[1]!.length;
    out.push({ kind: "mention", start, end: start + 1 + handle.length, handle: handle.toLowerCase() });
  }
  for (const m of text.matchAll(URL_RE)) {
    let uri = m[2]!;
    const start = m.index! + m[1]!.length;
    // Trailing punctuation and an unbalanced closing parenthesis end the sentence, not the link.
    if (/[.,;:!?]$/.test(uri)) uri = uri.replace(/[.,;:!?]+$/, "");
    if (uri.endsWith(")") && !uri.includes("(")) uri = uri.slice(0, -1);
    try {
      new URL(uri);
    } catch {
      continue;
    }
    out.push({ kind: "link", start, end: start + uri.length, uri });
  }
  for (const m of text.matchAll(TAG_RE)) {
    const raw = m[2];
    if (!raw) continue;
    const tag = raw.trim().replace(/\p{P}+$/gu, "");
    if (!tag || [...tag].length > 64) continue;
    const start = m.index! + m[1]!.length;
    out.push({ kind: "tag", start, end: start + 1 + tag.length, tag });
  }
  // Overlaps (a "#" inside a URL) keep the earlier, longer one.
  out.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Detected[] = [];
  for (const d of out) if (!kept.length || d.start >= kept.at(-1)!.end) kept.push(d);
  return kept;
}

/** UTF-16 index -> UTF-8 byte offset. */
function byteOffset(text: string, index: number): number {
  return utf8Length(text.slice(0, index));
}

/**
 * Facets for a post's text. Mentions are resolved to DIDs by `resolve` (handles that do not
 * resolve stay plain text, as in the official app).
 */
export async function buildFacets(text: string, resolve: (handle: string) => Promise<string | null>): Promise<Facet[]> {
  const facets: Facet[] = [];
  for (const d of detect(text)) {
    const index = { byteStart: byteOffset(text, d.start), byteEnd: byteOffset(text, d.end) };
    if (d.kind === "link") facets.push({ index, features: [{ $type: "app.bsky.richtext.facet#link", uri: d.uri }] });
    else if (d.kind === "tag") facets.push({ index, features: [{ $type: "app.bsky.richtext.facet#tag", tag: d.tag }] });
    else {
      const did = await resolve(d.handle);
      if (did) facets.push({ index, features: [{ $type: "app.bsky.richtext.facet#mention", did }] });
    }
  }
  return facets;
}
