// RSS 2.0, RSS 1.0 (RDF) and Atom to a list of items (decision 284), with fast-xml-parser. The
// feed is untrusted: a DOCTYPE with its own entities is refused before parsing (no entity
// expansion tricks), nesting is capped by the parser, at most MAX_PARSED_ITEMS items are kept and
// every text is cut. Markup inside a summary becomes plain text (lib/safe-fetch.ts htmlToText).
import { XMLParser } from "fast-xml-parser";
import { htmlToText } from "../../../lib/safe-fetch";

const MAX_PARSED_ITEMS = 50;
const MAX_TITLE = 300;
const MAX_SUMMARY = 1000;
const MAX_GUID = 500;

export type FeedItem = { guid: string; title: string; link: string; summary: string; published: number | null };
export type ParsedFeed = { title: string | null; items: FeedItem[] };

export class FeedParseError extends Error {}
const NOT_A_FEED = "The address is not an RSS or Atom feed";

type Node = Record<string, unknown>;
const LISTS = new Set(["item", "entry", "link"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 64,
  // Namespaced names ("content:encoded", "dc:date", "rdf:RDF") are read without their prefix.
  removeNSPrefix: true,
  isArray: (name) => LISTS.has(name),
});

/** The text of a node: a string, or the "#text" of an element with attributes. */
function textOf(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number") return String(v);
  if (Array.isArray(v)) return textOf(v[0]);
  if (v && typeof v === "object") return textOf((v as Node)["#text"]);
  return "";
}

const clean = (s: string, max: number) => {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
};

/** Summary text: markup (escaped HTML in RSS descriptions, or Atom's xhtml) read as plain text. */
function plain(raw: string, max: number): string {
  return clean(/[<&]/.test(raw) ? htmlToText(`<div>${raw}</div>`).text : raw, max);
}

function httpUrl(raw: string, base?: string): string {
  try {
    const u = new URL(raw.trim(), base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : "";
  } catch {
    return "";
  }
}

function dateOf(...values: unknown[]): number | null {
  for (const v of values) {
    const t = Date.parse(textOf(v));
    if (Number.isFinite(t)) return t;
  }
  return null;
}

/** Atom's link: the rel="alternate" (or rel-less) href; RSS's link: its text. */
function linkOf(links: unknown, base?: string): string {
  const list = Array.isArray(links) ? links : links === undefined ? [] : [links];
  const atom = list.filter((l): l is Node => !!l && typeof l === "object" && typeof (l as Node)["@_href"] === "string");
  const alternate = atom.find((l) => !l["@_rel"] || l["@_rel"] === "alternate") ?? atom[0];
  if (alternate) return httpUrl(String(alternate["@_href"]), base);
  for (const l of list) {
    const url = httpUrl(textOf(l), base);
    if (url) return url;
  }
  return "";
}

function toItem(n: Node, atom: boolean, base?: string): FeedItem | null {
  const title = plain(textOf(n.title), MAX_TITLE);
  const link = linkOf(n.link, base) || (n.guid && (n.guid as Node)["@_isPermaLink"] !== "false" ? httpUrl(textOf(n.guid)) : "");
  const summary = plain(textOf(atom ? (n.summary ?? n.content) : (n.description ?? n.encoded)), MAX_SUMMARY);
  // The item's identity: its guid (RSS) or id (Atom), else its link, else its title.
  const guid = clean(textOf(atom ? n.id : n.guid) || link || (n["@_about"] as string | undefined) || title, MAX_GUID);
  if (!guid || !link || (!title && !summary)) return null;
  return { guid, title, link, summary, published: dateOf(n.pubDate, n.published, n.updated, n.date) };
}

/** Parses a feed's XML. Throws FeedParseError when it is not RSS or Atom. */
export function parseFeed(xml: string, feedUrl?: string): ParsedFeed {
  // Entity declarations are how XML bombs work; no real feed needs one.
  if (/<!ENTITY/i.test(xml)) throw new FeedParseError(NOT_A_FEED);
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    throw new FeedParseError(NOT_A_FEED);
  }
  const rss = doc.rss as Node | undefined;
  const rdf = doc.RDF as Node | undefined;
  const atomFeed = doc.feed as Node | undefined;
  let title: unknown;
  let raw: unknown[];
  let atom = false;
  if (rss && typeof rss === "object" && rss.channel) {
    const channel = (Array.isArray(rss.channel) ? rss.channel[0] : rss.channel) as Node;
    title = channel.title;
    raw = (channel.item as unknown[] | undefined) ?? [];
  } else if (rdf && typeof rdf === "object") {
    title = (rdf.channel as Node | undefined)?.title;
    raw = (rdf.item as unknown[] | undefined) ?? [];
  } else if (atomFeed && typeof atomFeed === "object") {
    atom = true;
    title = atomFeed.title;
    raw = (atomFeed.entry as unknown[] | undefined) ?? [];
  } else {
    throw new FeedParseError(NOT_A_FEED);
  }
  const items: FeedItem[] = [];
  const seen = new Set<string>();
  for (const n of raw.slice(0, MAX_PARSED_ITEMS)) {
    if (!n || typeof n !== "object") continue;
    const item = toItem(n as Node, atom, feedUrl);
    if (item && !seen.has(item.guid)) {
      seen.add(item.guid);
      items.push(item);
    }
  }
  return { title: plain(textOf(title), MAX_TITLE) || null, items };
}
