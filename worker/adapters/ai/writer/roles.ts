// Writer step "facts": which of the brain's sentences may be published. A passage's role comes
// from the brain when it stores one (decision 182); until then, and for sentences packed into a
// segment with others, a "Label:" opener says it ("Brand voice: ...", "Content pillars: ...").
// Internal sentences (voice, pillars, audience, goals, competitors) steer the writing and are
// never quoted; a public sentence loses its label ("Referral programme: recommend a friend ..."
// is published as "Recommend a friend ..."), so no post echoes a label (decision 186).
import { isInternalRole, type PassageRole } from "../../../../schema/api/passage-roles";

/** Labels that mark a sentence's role, as brand books write them. */
const LABEL_ROLES: [RegExp, PassageRole][] = [
  [/^(?:brand |our )?(?:voice|tone(?: of voice)?|style(?: guide)?|writing style|personality)\b/i, "voice"],
  [/^(?:content )?(?:pillars?|themes?)\b/i, "pillars"],
  [/^(?:(?:target|our) )?(?:audiences?|customers?|personas?|who we (?:serve|help))\b/i, "audience"],
  [/^(?:goals?|objectives?|aims?|kpis?|plans?|targets?)\b/i, "goals"],
  [/^(?:competitors?|competition|positioning|rivals?)\b/i, "competitors"],
  [/^(?:contact|hours|opening hours|find us|bookings?)\b/i, "contact"],
  [/^(?:prices?|pricing|offers?|fees?)\b/i, "offer"],
];

/** "Label: rest" with a label of 1 to 5 words and no figure; null when the sentence has none. */
export function labelOf(sentence: string): { label: string; rest: string } | null {
  const m = /^\s*([\p{L}][\p{L}&'’ -]{1,48}?)\s*:\s+(\S[\s\S]*)$/u.exec(sentence);
  if (!m) return null;
  const label = m[1]!.trim();
  if (label.split(/\s+/).length > 5) return null;
  // A title, not a clause: "The croissants take three days: ..." is a sentence with a colon.
  // A label of a known role may be longer ("Goals for this year"); any other is 1-3 words.
  if (
    !roleOfLabel(label) &&
    (label.split(/\s+/).length > 3 ||
      /^(?:the|a|an|our|your|their|we|it|this|that|these|those|you|they|he|she|i)\b/i.test(label) ||
      /\b(?:is|are|was|were|has|have|had|does|do|can|will|takes?|makes?|runs?|gets?)\b/i.test(label) ||
      !/^\p{Lu}/u.test(label))
  )
    return null;
  return { label, rest: m[2]!.trim() };
}

/** The role a label names, or null for a label of no known role ("Referral programme"). */
function roleOfLabel(label: string): PassageRole | null {
  for (const [re, role] of LABEL_ROLES) if (re.test(label.trim())) return role;
  return null;
}

/** A sentence's role: its label's, else its passage's (the brain's), else null. */
export function sentenceRole(sentence: string, passageRole?: PassageRole | null): PassageRole | null {
  const l = labelOf(sentence);
  return (l && roleOfLabel(l.label)) ?? passageRole ?? null;
}

/** Whether a sentence steers the writing only (never published). */
export function isInternalSentence(sentence: string, passageRole?: PassageRole | null): boolean {
  return isInternalRole(sentenceRole(sentence, passageRole));
}

/** A public sentence without its label, starting with a capital; unchanged when it has none. */
export function stripLabel(sentence: string): string {
  const l = labelOf(sentence);
  if (!l) return sentence;
  return l.rest.charAt(0).toUpperCase() + l.rest.slice(1);
}

/** The brain's voice notes (what the "Brand voice:" lines say), for the voice the writer picks. */
export function voiceNotes(sentences: { text: string; role?: PassageRole | null }[]): string {
  return sentences
    .filter((s) => sentenceRole(s.text, s.role) === "voice")
    .map((s) => labelOf(s.text)?.rest ?? s.text)
    .join(" ");
}
