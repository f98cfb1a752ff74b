// Writer step "claim check" (decision 225): every figure, price, time, date, name and
// absolute promise ("free", "only", "first", "guaranteed") of a draft, whoever wrote it, is looked
// for in the brand brain. A claim no passage supports is returned with the reason and the nearest
// brand fact of the same kind ("The brand book says £30"), so the editor can underline it and offer
// one click to replace or keep. It never blocks scheduling: it only reports.
import { porterStem } from "../../../text/nlp";
import { STOPWORDS } from "../../../text/tokenize";
import { NUMBER_WORDS } from "../../../text/number-words";

type ClaimKind = "price" | "figure" | "time" | "date" | "name" | "absolute";

/** A passage the claims are checked against (a brain segment, or the project's own description). */
export type ClaimFact = { id: string | null; text: string; source: string };

export type ClaimFinding = {
  /** The claim as written in the draft, and where (UTF-16 offsets into the checked text). */
  text: string;
  start: number;
  end: number;
  kind: ClaimKind;
  /** Why it is flagged, for people. */
  reason: string;
  /** The brand fact of the same kind that is closest to the claim's sentence, when the brain has one. */
  nearest: { text: string; source: string; segment_id: string | null } | null;
  /** What the claim would read as with the nearest fact's value ("£30"); null when there is nothing to offer. */
  suggestion: string | null;
};

type Claim = { text: string; start: number; end: number; kind: ClaimKind; key: string };

/** Number words that state a figure; "one" is left out, as it is mostly a pronoun ("the one you need"). */
const FIGURE_WORDS = Object.keys(NUMBER_WORDS).filter((w) => w !== "one");
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
/** Absolute promises a brand must be able to back ("free", "only", "first", "guaranteed"). */
const ABSOLUTES = ["free", "only", "first", "guaranteed", "guarantee", "best", "cheapest", "lowest", "unlimited", "award-winning"];
/** Capitalised words that are not names (sentence openers the tagger may miss, pronouns, titles of days handled as dates). */
const NOT_NAMES = new Set(
  "i i'm i've i'll we you our your this that these those the a an it its and or but if when what who how why where which there here join book call come get new meet".split(
    " ",
  ),
);

const CURRENCY = "[£$€]";
const AMOUNT = "\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?";
const UNIT = "(?:pounds?|quid|dollars?|euros?|pence|gbp|usd|eur)";
/** Patterns in the order they claim text: an earlier match owns its characters. */
const PATTERNS: [ClaimKind, RegExp][] = [
  ["price", new RegExp(`${CURRENCY}\\s?(?:${AMOUNT})(?:\\s?(?:k|m)\\b)?|\\b(?:${AMOUNT})\\s?${UNIT}\\b`, "giu")],
  ["time", /\b\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)(?![\p{L}])|\b(?:[01]?\d|2[0-3]):[0-5]\d\b/giu],
  [
    "date",
    new RegExp(
      `\\b(?:${MONTHS.join("|")})\\s+\\d{1,2}(?:st|nd|rd|th)?\\b|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS.join("|")})\\b|\\b(?:${WEEKDAYS.join("|")})s?\\b`,
      "giu",
    ),
  ],
  ["figure", new RegExp(`\\b\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?%?|\\b\\d+(?:\\.\\d+)?%?|\\b(?:${FIGURE_WORDS.join("|")})\\b`, "giu")],
  ["absolute", new RegExp(`\\b(?:${ABSOLUTES.join("|")})\\b`, "giu")],
];

const num = (s: string): number | null => {
  const w = NUMBER_WORDS[s.toLowerCase()];
  if (w !== undefined) return w;
  const n = Number.parseFloat(s.replace(/,/g, ""));
  return Number.isFinite(n) ? n : null;
};

/** Minutes after midnight of "2pm", "2:30 pm", "14:00". */
function minutesOf(text: string): number | null {
  const m = /(\d{1,2})(?:[:.](\d{2}))?\s?(am|pm|a\.m\.|p\.m\.)?/i.exec(text);
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  const half = m[3]?.toLowerCase().replace(/\./g, "");
  if (half === "pm" && h < 12) h += 12;
  if (half === "am" && h === 12) h = 0;
  return h * 60 + min;
}

/** What two claims of one kind must share to be the same claim. */
function keyOf(kind: ClaimKind, text: string): string {
  const lower = text.toLowerCase();
  switch (kind) {
    case "price":
    case "figure": {
      const n = num(lower.match(/\d[\d,]*(?:\.\d+)?|[a-z]+/)?.[0] ?? "");
      const scaled = n !== null && /\d\s?k$/.test(lower) ? n * 1000 : n;
      return `${scaled ?? lower}${lower.endsWith("%") ? "%" : ""}`;
    }
    case "time":
      return String(minutesOf(lower) ?? lower);
    case "date": {
      const day = WEEKDAYS.find((d) => lower.startsWith(d));
      if (day) return day;
      const month = MONTHS.find((m) => lower.includes(m)) ?? "";
      return `${month} ${lower.match(/\d+/)?.[0] ?? ""}`;
    }
    default:
      return porterStem(lower);
  }
}

/** Names: runs of capitalised words that do not open a sentence (and are not dates). */
function nameClaims(text: string, taken: (s: number, e: number) => boolean): Claim[] {
  const out: Claim[] = [];
  const re = /\p{Lu}[\p{L}'’-]*(?:\s+(?:of\s+|&\s+)?\p{Lu}[\p{L}'’-]*)*/gu;
  for (const m of text.matchAll(re)) {
    let start = m.index;
    let value = m[0];
    // A sentence opener is not a name; the words after it may be ("Meet Maya Okafor").
    const before = text.slice(0, start).trimEnd();
    if (before === "" || /[.!?:\n]$/.test(before) || /[#@]$/.test(text.slice(0, start))) {
      const rest = value.split(/\s+/).slice(1).join(" ");
      if (!rest) continue;
      start += value.indexOf(rest, value.split(/\s+/)[0]!.length);
      value = rest;
    }
    const wordsOf = value.split(/\s+/).filter((w) => !NOT_NAMES.has(w.toLowerCase()));
    if (!wordsOf.length) continue;
    if (wordsOf.every((w) => WEEKDAYS.includes(w.toLowerCase().replace(/s$/, "")) || MONTHS.includes(w.toLowerCase()))) continue;
    const end = start + value.length;
    if (taken(start, end)) continue;
    out.push({ text: value, start, end, kind: "name", key: value.toLowerCase() });
  }
  return out;
}

/** Every claim a text makes, in reading order. URLs, hashtags and mentions are not claims. */
export function findClaims(text: string): Claim[] {
  const skip: [number, number][] = [];
  for (const m of text.matchAll(/https?:\/\/\S+|www\.\S+|[#@][\p{L}\p{N}_]+/gu)) skip.push([m.index, m.index + m[0].length]);
  const claims: Claim[] = [];
  const taken = (s: number, e: number) => skip.some(([a, b]) => s < b && e > a) || claims.some((c) => s < c.end && e > c.start);
  for (const [kind, re] of PATTERNS) {
    for (const m of text.matchAll(re)) {
      const value = m[0].trim();
      const start = m.index + m[0].indexOf(value);
      const end = start + value.length;
      if (!value || taken(start, end)) continue;
      claims.push({ text: value, start, end, kind, key: keyOf(kind, value) });
    }
  }
  claims.push(...nameClaims(text, taken));
  return claims.sort((a, b) => a.start - b.start);
}

const contentStems = (text: string) =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOPWORDS.has(w) && w.length > 1).map(porterStem));

/** The sentence of `text` around offset `at`. */
function sentenceAround(text: string, at: number): string {
  const from = Math.max(text.lastIndexOf(". ", at), text.lastIndexOf("! ", at), text.lastIndexOf("? ", at), text.lastIndexOf("\n", at));
  const ends = [". ", "! ", "? ", "\n"].map((p) => text.indexOf(p, at)).filter((i) => i >= 0);
  return text.slice(from < 0 ? 0 : from + 1, ends.length ? Math.min(...ends) + 1 : text.length).trim();
}

type IndexedFact = ClaimFact & { sentences: { text: string; claims: Claim[]; stems: Set<string> }[]; lower: string; stems: Set<string> };

function indexFacts(facts: ClaimFact[]): IndexedFact[] {
  return facts.map((f) => {
    const sentences = f.text
      .split(/(?<=[.!?])\s+|\n+/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => ({ text: s, claims: findClaims(s), stems: contentStems(s) }));
    return {
      ...f,
      sentences,
      lower: ` ${f.text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}%£$€&' -]+/gu, " ")
        .replace(/\s+/g, " ")} `,
      stems: contentStems(f.text),
    };
  });
}

/** Whether some passage supports the claim. */
function supported(claim: Claim, sentence: Set<string>, facts: IndexedFact[]): boolean {
  switch (claim.kind) {
    case "name": {
      // Every word of the name appears in the brain (names are the brand's own, case aside).
      const parts = claim.key.split(/\s+/).filter((w) => !NOT_NAMES.has(w) && w !== "of" && w !== "&");
      return facts.some((f) => parts.every((w) => f.lower.includes(` ${w.replace(/[’]/g, "'")} `) || f.lower.includes(` ${w.replace(/['’]s$/, "")} `)));
    }
    case "absolute": {
      // "free" alone proves nothing: the passage must say it about the same thing ("free parking").
      const about = [...sentence].filter((s) => s !== claim.key);
      return facts.some((f) =>
        f.sentences.some(
          (s) => s.claims.some((c) => c.kind === "absolute" && c.key === claim.key) && (about.length === 0 || about.some((a) => s.stems.has(a))),
        ),
      );
    }
    case "price":
      return facts.some((f) => f.sentences.some((s) => s.claims.some((c) => c.kind === "price" && c.key === claim.key)));
    default:
      // A figure may be written as a price or a plain number in the brain ("30" of "£30 a session").
      return facts.some((f) =>
        f.sentences.some((s) => s.claims.some((c) => c.key === claim.key && (c.kind === claim.kind || (claim.kind === "figure" && c.kind === "price")))),
      );
  }
}

/** The brain sentence of the same kind of claim closest in words to the draft's sentence, and its value. */
function nearestFact(claim: Claim, sentence: Set<string>, facts: IndexedFact[]): { fact: IndexedFact; text: string; value: Claim | null } | null {
  let best: { fact: IndexedFact; text: string; value: Claim | null; score: number } | null = null;
  const related = (k: ClaimKind) => k === claim.kind || (claim.kind === "figure" && k === "price") || (claim.kind === "price" && k === "figure");
  for (const f of facts) {
    for (const s of f.sentences) {
      const same = s.claims.filter((c) => related(c.kind));
      if (!same.length && claim.kind !== "name") continue;
      let score = 0;
      for (const w of sentence) if (s.stems.has(w)) score++;
      if (score === 0) continue;
      const pick = same.find((c) => c.kind === claim.kind) ?? same[0] ?? null;
      if (!best || score > best.score) best = { fact: f, text: s.text, value: claim.kind === "name" || claim.kind === "absolute" ? null : pick, score };
    }
  }
  return best;
}

const KIND_WORD: Record<ClaimKind, string> = { price: "price", figure: "figure", time: "time", date: "day or date", name: "name", absolute: "claim" };

/**
 * The draft's claims no passage supports, each with the reason and the nearest brand fact.
 * `facts` are the brain's passages and the project's own description (the brand's name and words).
 */
export function checkClaims(text: string, facts: ClaimFact[]): ClaimFinding[] {
  const indexed = indexFacts(facts);
  const out: ClaimFinding[] = [];
  for (const claim of findClaims(text)) {
    const sentence = contentStems(sentenceAround(text, claim.start));
    for (const k of contentStems(claim.text)) sentence.delete(k);
    if (supported(claim, sentence, indexed)) continue;
    const near = nearestFact(claim, sentence, indexed);
    const suggestion = near?.value && near.value.key !== claim.key ? near.value.text : null;
    const reason =
      claim.kind === "absolute"
        ? `Nothing in your brand brain says “${claim.text}” about this.`
        : `No passage in your brand brain mentions this ${KIND_WORD[claim.kind]} (“${claim.text}”).`;
    out.push({
      text: claim.text,
      start: claim.start,
      end: claim.end,
      kind: claim.kind,
      reason: near ? `${reason} ${near.fact.source} says: “${near.text}”` : reason,
      nearest: near ? { text: near.text, source: near.fact.source, segment_id: near.fact.id } : null,
      suggestion,
    });
  }
  return out;
}
