// Writer step "call to action": only what the brief asks readers to do or what the brand itself
// offers (decision 186), never a stock line: a brand that never offers calls is never
// told to "Book a call with our team". Sources, in order: the brief's own ask ("Get new puppy
// owners to sign up for our Thursday puppy class" -> "Sign up for our Thursday puppy class."),
// then the brand's invitations in its brain ("Call 01422 350 118 or book a service on our
// website." -> "Call 01422 350 118." and "Book a service on our website."). Each is used once per
// campaign; when they run out, a message has none.
import { WEIGHTS } from "./weights";

/** Verbs an invitation starts with. */
const INVITE =
  /^(?:book|call|ring|phone|message|email|e-mail|text|visit|order|join|sign up|register|send|come|drop in|pop in|reserve|try|ask|contact|follow|shop|buy|download|enquire|apply|claim|grab|pick up|find us|see us|get in touch|bring|start)\b/i;

/** The brief's ask: "get/encourage/remind X to Y" -> "Y" said to the reader. */
const ASK =
  /\b(?:get|encourage|ask|invite|remind|tell|persuade|convince|urge|help)\s+(?:[\p{L}'’-]+\s+){0,5}?to\s+((?:book|call|sign up|register|join|send|come|visit|order|try|bring|reserve|enquire|apply|claim|message|email|pick up|drop in)\b[^.!?]*)/iu;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Speaks to the reader: "their menus" -> "your menus". */
function toReader(text: string): string {
  return text
    .replace(/\btheir\b/gi, "your")
    .replace(/\bthemselves\b/gi, "yourself")
    .replace(/\bthey\b/gi, "you")
    .replace(/\bthem\b/gi, "you");
}

/** Cuts an ask to its action ("... before the next course fills up" -> without the "before" clause). */
function actionOnly(text: string): string {
  const cut = text.split(/\s+(?:before|so that|so|and then|because|while|which|when|by|in time for)\s+/i)[0]!;
  const words = cut.trim().split(/\s+/);
  if (words.length <= WEIGHTS.ctaMaxWords) return words.join(" ").replace(/[,;:\s]+$/, "");
  // Too long: up to the last phrase boundary that fits ("Sign up for our class" of a longer ask).
  const room = words.slice(0, WEIGHTS.ctaMaxWords + 1);
  const at = room
    .map((w, i) => (/^(?:for|with|at|on|in|to|from|by|and)$/i.test(w) ? i : -1))
    .filter((i) => i >= 2)
    .at(-1);
  return at ? words.slice(0, at).join(" ") : "";
}

/** The brief's ask as a call to action, or null when the brief asks nothing of readers. */
export function briefCta(prompt: string): string | null {
  const m = ASK.exec(prompt);
  if (!m) return null;
  const action = actionOnly(toReader(m[1]!.trim()));
  return action.split(/\s+/).length >= 2 ? `${cap(action)}.` : null;
}

/** A brand sentence's invitations, each a sentence of its own ("A or b B." -> "A.", "B B."). */
export function invitationsIn(sentence: string): string[] {
  const text = sentence.trim();
  if (!INVITE.test(text) && !/^you can (?:book|call|order|message|email|visit|join|sign up|register)\b/i.test(text)) return [];
  const parts = text
    .replace(/[.!]+$/, "")
    .split(/,?\s+or\s+(?=(?:book|call|message|email|visit|order|join|sign up|register|send|come|ring|text|find|follow|drop|pop)\b)/i);
  return parts.map((p) => `${cap(p.trim())}.`).filter((p) => p.split(/\s+/).length >= 2);
}

/** Whether a brand sentence is an invitation (kept for calls to action, not used as a fact). */
export const isInvitation = (sentence: string) => invitationsIn(sentence).length > 0;

/** The campaign's calls to action, in the order messages take them (each once). */
export function campaignCtas(prompt: string, brandSentences: string[]): string[] {
  const out: string[] = [];
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  const add = (s: string | null) => {
    if (s && !out.some((o) => key(o) === key(s))) out.push(s);
  };
  add(briefCta(prompt));
  for (const s of brandSentences) for (const c of invitationsIn(s)) add(c);
  return out;
}
