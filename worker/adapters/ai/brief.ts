// A campaign brief is an instruction to the writer, never text to publish (issue 9): these helpers
// find the subjects a brief names (so each can be looked up in the brain and covered by a post)
// and detect a post that repeats a run of the brief's words. Shared by the generation service
// (brain look-ups per subject) and the local writer.
import { keyphrases } from "./local/text";
import { words } from "./local/tokenize";

/** How many consecutive words of the brief a post may never repeat. */
export const BRIEF_RUN_WORDS = 8;

export type BriefSubject = {
  /** A short name for the subject ("mobile repair van"), for hooks and hashtags. */
  label: string;
  /** The clause of the brief that names it, used as the brain query. */
  query: string;
};

/** Leading instruction words: "Write a post announcing...", "Explain why...", "Show off...". */
const INSTRUCTION =
  /^(?:please\s+)?(?:(?:write|create|generate|make|draft|compose|give me|produce|prepare)\s+(?:(?:a|an|some|the|\d+|few|short|quick|fun|catchy|engaging|social(?: media)?|instagram|twitter|linkedin|facebook|x)\s+)*(?:posts?|tweets?|captions?|campaign|content|updates?|copy|series)\s*(?:(?:about|on|for|announcing|promoting|introducing|that|to|explaining|showing|highlighting)\s+)?|(?:announce|promote|share|introduce|highlight|celebrate|showcase|feature|advertise|explain(?: why| how| that)?|show(?: off| how| why)?|describe|present|remind (?:people|everyone|our \w+|them) (?:about|of|that)|tell (?:people|everyone|our \w+|them) (?:about|that|why|how)|talk about|post about|focus on|mention|cover)\s+)/i;

/** Clauses that only say how to write ("with numbers", "in a fun tone", "for Instagram"). */
const STYLE_ONLY =
  /^(?:with (?:numbers|figures|stats|data|emojis?|examples?|facts)|in (?:a |an )?\w+ (?:tone|voice|style)|(?:keep it|make it|be) \w+|for (?:instagram|twitter|x|linkedin|facebook)|over (?:a|one|two|\d+) (?:days?|weeks?|months?)|(?:daily|weekly)|(?:use|add|include) (?:hashtags|emojis?|a call to action|numbers))\.?$/i;

/**
 * The subjects a brief names: its clauses (split at punctuation and "and"/"also"/"plus"), minus
 * instruction and style words, each with its best keyphrase as a label. A clause without a
 * usable noun phrase is not a subject.
 */
export function briefSubjects(brief: string): BriefSubject[] {
  const clauses = brief
    .replace(/\s+/g, " ")
    .split(/[.;:!?\n]+|,\s*(?:and\s+|also\s+|plus\s+)?|\s+(?:and also|as well as|plus|and then|also|and)\s+(?=(?:our|the|a|an|about|show|explain|mention|highlight|promote|introduce|how|why|what)\b)/i)
    .map((c) => c.trim())
    .filter(Boolean);
  const out: BriefSubject[] = [];
  for (const raw of clauses) {
    let clause = raw;
    for (let i = 0; i < 3; i++) clause = clause.replace(INSTRUCTION, "").trim();
    if (!clause || STYLE_ONLY.test(clause) || words(clause).length < 1) continue;
    const best = keyphrases(clause, 3).find((p) => p.text.split(" ").length <= 3);
    if (!best) continue;
    if (out.some((s) => s.label.toLowerCase() === best.text.toLowerCase())) continue;
    out.push({ label: best.text, query: clause });
  }
  return out.slice(0, 6);
}

/** True when `text` repeats `run` or more consecutive words of `brief` (case and punctuation ignored). */
export function repeatsBrief(text: string, brief: string, run: number = BRIEF_RUN_WORDS): boolean {
  const b = words(brief);
  if (b.length < run) return false;
  const grams = new Set<string>();
  for (let i = 0; i + run <= b.length; i++) grams.add(b.slice(i, i + run).join(" "));
  const t = words(text);
  for (let i = 0; i + run <= t.length; i++) if (grams.has(t.slice(i, i + run).join(" "))) return true;
  return false;
}
