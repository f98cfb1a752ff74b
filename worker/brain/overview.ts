// The Project Overview by passage role (decision 255): each field is built from the passages of
// its role, so a price list never becomes a value proposition and the book's own competitors line
// is its market position. The local engine assembles each field from whole sentences of those
// passages (no FAQ question, no "Yes," opener, no heading, never a cut sentence); LLM engines get
// the same role-grouped passages to write from (roleGroupedPassages). A field with no passage of
// its role carries a hint that says what to add instead of a fragment. Nothing here names a trade:
// the closed word classes below (answer openers, weekdays, months, currencies) are English itself.
import type { PassageRole } from "../../schema/api/passage-roles";
import { sentenceTexts } from "../text/nlp";
import { words } from "../text/tokenize";

/** A passage with its role and, when a brain has several, the document it came from. */
export type RolePassage = { text: string; role: PassageRole; document?: string };

/** What to add when a field has no passage of its role (shown instead of the field, never as brand text). */
export const OVERVIEW_HINTS = {
  elevator_pitch: "Add a sentence that says what you do and who it is for",
  value_props: "Add a sentence about what your customers get from you",
  positioning: "Add a sentence about how you differ from your competitors",
  brand_story: "Add a sentence about how and why your brand started",
  content_themes: "Add a line listing your content pillars (Content pillars: ...)",
  goal: "Add a sentence about your plans and goals",
  audience: "Add a sentence about who your customers are",
  brand_trait: "Add a sentence about your values or how your brand sounds",
  feature: "Add a sentence about what you offer",
  social_hook: "Add a customer story or a figure you are proud of",
} as const;

type OverviewHintKey = keyof typeof OVERVIEW_HINTS;

/** Which passage roles feed each overview field and insight type. */
const FIELD_ROLES = {
  description: ["fact"],
  value_props: ["fact", "offer", "proof", "policy", "how_to", "faq", "team"],
  positioning: ["competitors"],
  proof: ["proof"],
  brand_story: ["story", "values"],
  goal: ["goals"],
  audience: ["audience"],
  brand_trait: ["values", "voice"],
  feature: ["offer", "fact", "how_to"],
  social_hook: ["proof", "story", "team"],
} as const satisfies Record<string, readonly PassageRole[]>;

/** Spec confidences per insight type (docs/product-spec.md, Limits). */
const INSIGHT_CONFIDENCE = { goal: 0.9, audience: 0.85, brand_trait: 0.95, feature: 0.8, social_hook: 0.75 } as const;
type InsightType = keyof typeof INSIGHT_CONFIDENCE;
const INSIGHT_TYPES = Object.keys(INSIGHT_CONFIDENCE) as InsightType[];

/** Words that answer a question rather than state something ("Yes, Saturdays 2pm..."; "No. Most of..."). */
const ANSWER_OPENER =
  /^(?:yes|no|yeah|yep|nope|sure|of course|absolutely|definitely|certainly|not at all|not yet|sadly not|we do|we don't|we do not)\b[\s,.!:;—–-]*/i;
/** A line's label ("Plans:", "Brand voice:", "Q:", "A:"): up to four words before a colon. */
const LABEL = /^\s*(?:[\p{L}'’&/.-]+\s+){0,4}[\p{L}'’&/.-]+:\s+/u;
/**
 * A label's body that is a sentence of its own starts capitalised ("Pass rate: Last year...") or
 * with its subject ("Plans: we want..."); else the label stays ("Brand voice: warm, ...").
 */
const SUBJECT_START = /^(?:we|our|i|my|they|their|it|its|you|your|he|she|the|this|these|every|all|each)\b/i;
/** An answer that leaves out its subject ("By card when you order."): reads only after its question. */
const ELLIPTICAL = /^(?:by|at|on|in|from|with|within|until|via|for|after|before|only|just|anytime|any time)\b/i;
/** "Clearway is a family-run driving school...": the sentence that says what the brand is. */
const DEFINES = /^(?:\p{Lu}[\p{L}&'’.-]*\s+){1,4}(?:is|are)\s+(?:a|an|the)\b/u;
const ENDS_SENTENCE = /[.!…]["'”’)\]]*$/;

/** A sentence that speaks for itself: capitalised, at least four words, ended, and no question. */
function readable(s: string): boolean {
  return /^[\p{Lu}\d"“‘(]/u.test(s) && ENDS_SENTENCE.test(s) && words(s).length >= 4;
}

/**
 * The passage's statements as whole sentences that each read on their own: headings, questions
 * and labels dropped, answer openers ("Yes," "No.") removed, and a sentence that is not whole left out.
 */
export function statementsOf(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\n+/)) {
    let line = raw.trim();
    if (!line) continue;
    // A heading line (no closing mark, a few words) belongs to its paragraph but says nothing itself.
    if (!/[.!?…:]["'”’)\]]*$/.test(line) && words(line).length <= 8 && !/[,;]/.test(line)) continue;
    const qa = /^\s*[QA]:\s+/i.test(line);
    const body = line.replace(LABEL, "");
    if (qa || /^\p{Lu}/u.test(body) || SUBJECT_START.test(body)) line = body;
    for (let s of sentenceTexts(line)) {
      s = s.trim();
      if (/\?["'”’)\]]*$/.test(s)) continue;
      const opened = s.replace(ANSWER_OPENER, "");
      if (opened !== s) s = opened.charAt(0).toUpperCase() + opened.slice(1);
      // A list label's body starts lower-case ("Plans: we want...") and reads fine capitalised.
      else if (/^\p{Ll}/u.test(s) && out.length === 0 && raw.trim() !== s) s = s.charAt(0).toUpperCase() + s.slice(1);
      if (readable(s)) out.push(s);
    }
  }
  return out;
}

const CURRENCY = /[£$€¥₹]|\b\d+(?:[.,]\d+)?\s?(?:p|pence|cents?|pounds?|dollars?|euros?|usd|gbp|eur)\b/i;
const YEAR = /\b(?:1[89]|20)\d\d\b/;
const CLOCK = /\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b/i;
const FOUNDING = /\b(?:founded|established|set up|started|began|took over|opened (?:in|our doors))\b/i;

/** A benefit, not a price list, an opening time or a founding date. */
const isBenefit = (s: string) => !CURRENCY.test(s) && !YEAR.test(s) && !CLOCK.test(s) && !FOUNDING.test(s);

/** Sentences joined whole while they fit in `max` characters (a sentence that does not fit is left out, never cut). */
function joinWhole(sentences: string[], max: number): string {
  const out: string[] = [];
  let len = 0;
  for (const s of sentences) {
    if (out.includes(s)) continue;
    if (len + s.length + (out.length ? 1 : 0) > max) continue;
    out.push(s);
    len += s.length + (out.length > 1 ? 1 : 0);
  }
  return out.join(" ");
}

type Statement = { text: string; role: PassageRole; order: number };

/**
 * The passages of several documents taken in turn (each document's first, then each one's second,
 * ...), so every document can reach a field's first places; one document keeps its book order.
 */
function interleaved(passages: RolePassage[]): RolePassage[] {
  const docs = [...new Set(passages.map((p) => p.document ?? ""))];
  if (docs.length < 2) return passages;
  const seen = new Map<string, number>();
  const keyed = passages.map((p, i) => {
    const d = p.document ?? "";
    const n = seen.get(d) ?? 0;
    seen.set(d, n + 1);
    return { p, n, d: docs.indexOf(d), i };
  });
  return keyed.sort((a, b) => a.n - b.n || a.d - b.d || a.i - b.i).map((k) => k.p);
}

function statementsByRole(passages: RolePassage[]): Statement[] {
  let order = 0;
  return interleaved(passages).flatMap((p) =>
    statementsOf(p.text)
      .filter((text) => p.role !== "faq" || !ELLIPTICAL.test(text))
      .map((text) => ({ text, role: p.role, order: order++ })),
  );
}

const ofRoles = (all: Statement[], roles: readonly PassageRole[]) => all.filter((s) => roles.includes(s.role));

type AssembledOverview = {
  elevator_pitch: string;
  value_props: string[];
  positioning: string;
  brand_story: string;
  content_themes: string[];
  insights: { type: InsightType; content: string; confidence: number }[];
};

/**
 * The local engine's overview: each field from whole sentences of its roles' passages (in book
 * order). `description` is the project's own description (first sentence used), `themes` the
 * content themes to use when the book lists no pillars (its topics). Empty fields are left empty
 * for overviewHints to fill.
 */
export function assembleOverview(passages: RolePassage[], opts: { description?: string; themes?: string[] } = {}): AssembledOverview {
  const all = statementsByRole(passages);
  const described = statementsOf(opts.description ?? "")[0];
  const positioning = ofRoles(all, FIELD_ROLES.positioning).map((s) => s.text);
  const proof = ofRoles(all, FIELD_ROLES.proof).map((s) => s.text);
  // What the brand is: the project's description, else the book's sentence that defines it, else its first fact.
  const description =
    described ?? all.find((s) => s.role !== "competitors" && s.role !== "faq" && DEFINES.test(s.text))?.text ?? ofRoles(all, FIELD_ROLES.description)[0]?.text;
  // Elevator pitch: what the brand is, how it differs, and its best proof (decision 255).
  const pitchParts = [description, positioning[0], proof.find(isBenefit) ?? proof[0]].filter((s): s is string => !!s);
  const elevator = description ? joinWhole(pitchParts, 420) : "";
  const used = new Set([description, positioning[0]]);
  // Value propositions: benefits the customer gets, sentences addressed to them first.
  const addressed = (s: string) => (/\b(?:you|your|yours)\b/i.test(s) ? 1 : 0);
  const valueProps = ofRoles(all, FIELD_ROLES.value_props)
    .filter((s) => isBenefit(s.text) && !used.has(s.text) && s.text.length <= 240)
    .sort((a, b) => addressed(b.text) - addressed(a.text) || a.order - b.order)
    .map((s) => s.text)
    .filter((s, i, list) => list.indexOf(s) === i)
    .slice(0, 4);
  const storyRoles: readonly PassageRole[] = FIELD_ROLES.brand_story;
  const story = storyRoles.flatMap((role) => all.filter((s) => s.role === role).map((s) => s.text));
  const insights = INSIGHT_TYPES.flatMap((type) =>
    ofRoles(all, FIELD_ROLES[type])
      .filter((s) => type !== "feature" || s.text.length <= 240)
      .slice(0, 2)
      .map((s) => ({ type, content: s.text, confidence: INSIGHT_CONFIDENCE[type] })),
  );
  const pillars = pillarsOf(passages.filter((p) => p.role === "pillars").map((p) => p.text.replace(LABEL, "")));
  return {
    elevator_pitch: elevator,
    value_props: valueProps,
    positioning: joinWhole(positioning, 300),
    brand_story: joinWhole(story, 600),
    content_themes: pillars.length ? pillars : (opts.themes ?? []).slice(0, 6),
    insights,
  };
}

/** "a, b, and c." -> ["A", "B", "C"]: each pillar as the book names it. */
export function pillarsOf(lines: string[]): string[] {
  const out = lines
    // "a, b, and c and d" keeps "c and d" whole; a line with no comma splits at "and" ("a and b").
    .flatMap((l) => l.replace(/[.;]+$/, "").split(/[,;]/.test(l) ? /,\s*(?:and\s+)?|;\s*/ : /\s+and\s+/))
    .map((p) => p.trim())
    .filter((p) => /\p{L}{3}/u.test(p))
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1));
  return [...new Set(out)].slice(0, 8);
}

/** The passages an LLM engine writes the overview from, grouped by field, within `maxChars` in all. */
export function roleGroupedPassages(passages: RolePassage[], maxChars: number): { field: string; passages: string[] }[] {
  const groups: { field: string; roles: readonly PassageRole[] }[] = [
    { field: "What the brand is and offers", roles: ["fact", "offer", "how_to", "policy", "faq", "contact"] },
    { field: "Market position (competitors and positioning)", roles: ["competitors"] },
    { field: "Proof (figures, customers, results)", roles: ["proof"] },
    { field: "Brand story (founding, story, values, team)", roles: ["story", "values", "team"] },
    { field: "Audience", roles: ["audience"] },
    { field: "Goals and plans", roles: ["goals"] },
    { field: "Content pillars", roles: ["pillars"] },
    { field: "Voice", roles: ["voice"] },
  ];
  // Internal and rare roles first so the budget keeps them; facts fill what is left.
  const priority = [1, 2, 3, 4, 5, 6, 7, 0];
  let left = maxChars;
  const picked = new Map<number, string[]>();
  for (const gi of priority) {
    const g = groups[gi]!;
    for (const p of passages.filter((x) => g.roles.includes(x.role))) {
      const text = p.text.replace(/\s+/g, " ").trim();
      if (text.length > left) continue;
      left -= text.length;
      picked.set(gi, [...(picked.get(gi) ?? []), text]);
    }
  }
  return groups.map((g, i) => ({ field: g.field, passages: picked.get(i) ?? [] })).filter((g) => g.passages.length);
}

/** Hints for the fields and insight types left empty. */
export function overviewHints(fields: {
  elevator_pitch: string;
  value_props: string[];
  positioning: string;
  brand_story: string;
  content_themes: string[];
  insights: Record<string, unknown[]>;
}): Partial<Record<OverviewHintKey, string>> {
  const hints: Partial<Record<OverviewHintKey, string>> = {};
  if (!fields.elevator_pitch.trim()) hints.elevator_pitch = OVERVIEW_HINTS.elevator_pitch;
  if (!fields.value_props.length) hints.value_props = OVERVIEW_HINTS.value_props;
  if (!fields.positioning.trim()) hints.positioning = OVERVIEW_HINTS.positioning;
  if (!fields.brand_story.trim()) hints.brand_story = OVERVIEW_HINTS.brand_story;
  if (!fields.content_themes.length) hints.content_themes = OVERVIEW_HINTS.content_themes;
  for (const t of INSIGHT_TYPES) if (!fields.insights[t]?.length) hints[t] = OVERVIEW_HINTS[t];
  return hints;
}

const WEEKDAY = /^(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?$/i;
const MONTH =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$/i;
const UNIT_OF_MONEY_OR_TIME =
  /^(?:pounds?|pence|dollars?|euros?|cents?|quid|price|prices|cost|costs|am|pm|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|weekends?|weekdays?|today|tomorrow|daily|weekly|monthly|yearly)$/i;

/**
 * Whether a topic name is a noun phrase of the brand's domain: no number, amount, currency,
 * weekday, month or unit of time in it, at least one word of three letters, and not a lone
 * adjective or verb (`isNoun` tells, from the part-of-speech tagger, whether the head word is a noun).
 */
export function isTopicName(name: string, isNoun: (phrase: string) => boolean): boolean {
  const ws = name.trim().split(/\s+/).filter(Boolean);
  if (!ws.length || ws.length > 5) return false;
  if (/\d|[£$€¥₹%]/.test(name)) return false;
  if (ws.some((w) => WEEKDAY.test(w) || MONTH.test(w) || UNIT_OF_MONEY_OR_TIME.test(w))) return false;
  if (!ws.some((w) => /\p{L}{3}/u.test(w))) return false;
  return isNoun(name);
}
