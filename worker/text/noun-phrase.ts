// The noun phrase a sentence or a brief's clause is about: the words after a leading determiner up
// to the first function word, punctuation or verb. The writer names a post's topic and a brief's subjects with
// it (decision 119), so a hook reads "Meet our sourdough starter." and never "On submits RTI
// reports." Verbs are told apart from nouns by a short list of verbs common in brand copy, by
// English word order (a plural noun is rarely followed by another noun: "alerts route to") and, for
// the writer's sentences, by a part-of-speech tagger (decision 174).
import { tokens, type Token } from "./nlp";
import type { Tagger } from "./pos";
import { wordSet } from "./tokenize";

/** Determiners and possessives a noun phrase may open with (kept, so hooks can say "our ..."). */
const DETERMINERS = wordSet("the a an our your their its this these those every each all any some my his her");

/** Adjectives that open a phrase without being part of its topic ("our new desk", "the first consultation"). */
const OPENERS = wordSet("new first latest next brand-new very best great little whole own");

/** Verbs common in brand copy (base forms); their -s, -ed and -ing forms end a noun phrase. */
const VERBS = wordSet(
  "be have do go come take make get give run rise start open close work last cost mean arrive sell bake deliver return route " +
    "appear need help learn change include offer support cover serve stay sit move happen live grow ship save cut keep let put " +
    "set turn use update sync send leave pass reach hold lead charge ingest answer contain carry sit fit draw flag learn manage " +
    "keep require call feed visit fix check link prepare publish file submit handle produce meet act pay welcome bring protect " +
    "roast brew name replace become begin build buy choose create drive fall find grow hit join know launch lose mean own plan read ride say " +
    "see show spend stand stop talk tell think try wait walk want win write track alert catch break sign store",
);

/** Heads that are no topic of their own: times, units, amounts, pronoun-like words. */
export const GENERIC_HEADS = wordSet(
  "year years month months week weeks day days hour hours minute minutes second seconds morning mornings evening evenings " +
    "time times today tomorrow autumn spring summer winter weekend weekends percent per cent pound pounds euro euros dollar " +
    "dollars kilometre kilometres kilometer kilometers mile miles kilo kilos gb mb tb ms part parts kind kinds lot lots number " +
    "numbers way ways thing things post posts campaign campaigns series content tweet tweets tone voice style one ones",
);

/** Words naming people: a phrase with such a head is an audience ("platform teams"), not a subject. */
export const PEOPLE_HEADS = wordSet(
  "people person customers customer clients client users user teams team owners owner parents families family riders " +
    "members member engineers engineer developers developer buyers buyer readers reader followers fans fan visitors visitor " +
    "students student professionals businesses companies everyone anyone folks locals regulars newcomers beginners guests guest " +
    "patients patient diners diner kids children employees employee staff partners partner subscribers subscriber",
);

/** Irregular past participles that follow a noun in brand copy ("a GPS tracker hidden in the frame"). */
const PARTICIPLES = wordSet(
  "hidden built made known given taken shown grown sold kept left found held brought bought sent spent paid done seen written chosen driven ridden broken frozen stolen worn torn sewn woven",
);

export const verbForm = (w: string) => {
  if (VERBS.has(w) || PARTICIPLES.has(w)) return true;
  const bases = [
    w.replace(/ies$/, "y"),
    w.replace(/es$/, ""),
    w.replace(/s$/, ""),
    w.replace(/ed$/, ""),
    w.replace(/d$/, ""),
    w.replace(/ing$/, ""),
    w.replace(/ing$/, "e"),
  ];
  return bases.some((b) => b !== w && VERBS.has(b));
};
/**
 * Whether the word at `start` is its clause's verb as the tagger reads it (decision 174), unless the
 * word after it is a listed verb: the tagger reads "service" in "the annual accounts service covers
 * statutory accounts" as the verb and "covers" as a noun.
 */
export function taggedVerbAt(tagger: Tagger, text: string, start: number): boolean {
  if (!tagger.isClauseVerbAt(text, start)) return false;
  const after = text
    .slice(start)
    .match(/^[\p{L}'-]+\s+([\p{L}'-]+)/u)?.[1]
    ?.toLowerCase();
  return !(after && verbForm(after));
}

/** Auxiliaries: a word right before one is the noun it is said of ("tax returns are", "vegan bake is"). */
const AUXILIARIES = wordSet("is are was were can will have has may must should could would do does need needs");
const plural = (w: string) => /[^su']s$/.test(w) && w.length > 3;
const isCapitalised = (t: Token) => /^\p{Lu}/u.test(t.text);

export type NounPhrase = {
  /** The phrase as written (a sentence-initial capital dropped unless the word is a name). */
  text: string;
  /** The determiner before it, lower-case ("our", "the"), or "" when the text used none. */
  det: string;
  /** Whether every word is capitalised or a number (a name: "Bake School", "SOC 2 Type II"). */
  name: boolean;
  /** The head (last word), lower-case. */
  head: string;
  /** Character offset in the input where the phrase ends. */
  end: number;
};

/**
 * The noun phrase `text` opens with, or null when it opens with something else (a pronoun, a
 * preposition, a verb) or names no topic of its own ("two weeks", "100 pounds"). With `object`,
 * the text is the object of an instruction ("Promote test rides at ..."), so a final "-s" word is a
 * plural noun rather than the verb of a clause ("the client portal works").
 * `knownNames` are lower-case words known to be names wherever they stand (the brand's own).
 * With a `tagger`, a word it reads as the sentence's verb ends the phrase too (decision 174).
 */
export function leadNounPhrase(text: string, opts: { object?: boolean; knownNames?: Set<string>; tagger?: Tagger } = {}): NounPhrase | null {
  const toks = tokens(text);
  let i = 0;
  let det = "";
  while (i < toks.length && (DETERMINERS.has(toks[i]!.lower) || OPENERS.has(toks[i]!.lower))) {
    // "All our services": the possessive is the article a hook needs ("our services").
    if (DETERMINERS.has(toks[i]!.lower) && (!det || /^(?:our|your|their)$/.test(toks[i]!.lower))) det = toks[i]!.lower;
    i++;
  }
  const run: Token[] = [];
  for (let k = i; k < toks.length && run.length < 5; k++) {
    const t = toks[k]!;
    const prev = toks[k - 1];
    if (run.length && prev) {
      const gap = text.slice(prev.start + prev.text.length, t.start);
      // "R&D" and "Crumb & Co" stay whole; any other punctuation ends the phrase.
      if (/[^\s&]/.test(gap) || (gap.includes("&") && !(isCapitalised(prev) && isCapitalised(t)))) break;
    }
    const nameLike =
      /^\p{Lu}{2,}/u.test(t.text) ||
      (isCapitalised(t) && (k > 0 || (toks[k + 1] !== undefined && isCapitalised(toks[k + 1]!)) || !!opts.knownNames?.has(t.lower)));
    if (t.kind === "number") {
      // Numbers belong to names ("SOC 2 Type II"), dates and amounts ("45-minute consultation").
      run.push(t);
      continue;
    }
    if (t.stop && !nameLike) break;
    const next = toks[k + 1];
    const beforeAux = next !== undefined && AUXILIARIES.has(next.lower);
    if (!nameLike && run.length && !opts.object && opts.tagger) {
      // With the tagger (decision 174): the clause's verb ends the phrase ("hygienist removes",
      // "aligners straighten"), and a noun right before it is the phrase's last word whatever word
      // order suggests ("Wedding cakes start", where "cakes" follows a capital).
      if (!beforeAux && taggedVerbAt(opts.tagger, text, t.start)) break;
      if (next && opts.tagger.isNounAt(text, t.start) && taggedVerbAt(opts.tagger, text, next.start)) {
        run.push(t);
        break;
      }
    }
    // "-s"/"-ed"/"-ing" forms and base forms are verbs ("portal works", "team prepared"); the
    // object of an instruction holds no verb ("promote test rides", "Kubernetes cost reports").
    // A base form after a singular noun is a noun ("our practice plan costs"): English puts it after plurals only.
    const baseAfterSingular = VERBS.has(t.lower) && !plural(run[run.length - 1]?.lower ?? "");
    if (!nameLike && run.length && verbForm(t.lower) && !beforeAux && !opts.object && !baseAfterSingular) break;
    if (!nameLike && run.length && /[^e]ed$/.test(t.lower) && !beforeAux) break;
    // An "-s" word after a noun and before an object is the verb ("Lumen Roasters roasts coffee",
    // "every bag names the farm"); as the object of an instruction it stays a plural.
    const afterName = run.every((r) => /^[\p{Lu}\p{N}]/u.test(r.text));
    if (
      !nameLike &&
      run.length &&
      !opts.object &&
      !beforeAux &&
      /[^su']s$/.test(t.lower) &&
      next !== undefined &&
      (DETERMINERS.has(next.lower) || next.kind === "number" || (afterName && !next.stop))
    )
      break;
    // A sentence opening with a bare verb is an instruction ("Book a test ride"), not a topic.
    if (!run.length && k === 0 && next !== undefined && DETERMINERS.has(next.lower) && !opts.object) return null;
    if (!nameLike && !run.length && VERBS.has(t.lower)) return null;
    // An "-ing" word after a plural noun starts a clause ("teams evaluating vendors").
    if (!nameLike && run.length && /ing$/.test(t.lower) && plural(run[run.length - 1]!.lower)) break;
    // A base-form word right after a plural noun is its verb ("buns arrive", "markers appear").
    if (!nameLike && run.length && plural(run[run.length - 1]!.lower) && !plural(t.lower) && !/(?:ing|ed|s)$/.test(t.lower)) break;
    run.push(t);
    if (beforeAux) break;
  }
  while (run.length && run[run.length - 1]!.kind === "number") run.pop();
  if (!run.length) return null;
  const head = run[run.length - 1]!.lower;
  if (GENERIC_HEADS.has(head) || head.length < 2) return null;
  const name =
    run.every((t) => t.kind === "number" || isCapitalised(t)) &&
    run.some((t) => t.kind === "word" && (t !== toks[0] || run.length > 1 || !!opts.knownNames?.has(t.lower)));
  const first = run[0]!;
  const phraseText = text.slice(first.start, run[run.length - 1]!.start + run[run.length - 1]!.text.length);
  // A sentence's first word is capitalised by grammar, not because it is a name.
  const lowerFirst = first === toks[0] && !name && !opts.knownNames?.has(first.lower) && !/^\p{Lu}{2,}/u.test(first.text);
  return {
    text: lowerFirst ? phraseText.charAt(0).toLowerCase() + phraseText.slice(1) : phraseText,
    det,
    name,
    head,
    end: run[run.length - 1]!.start + run[run.length - 1]!.text.length,
  };
}

/** Every noun phrase a determiner opens in `text` ("the farm", "a glass carafe", "our partner farms"). */
export function nounPhrasesIn(text: string, opts: { knownNames?: Set<string>; tagger?: Tagger } = {}): NounPhrase[] {
  const out: NounPhrase[] = [];
  for (const m of text.matchAll(/\b(?:the|our|a|an|your|their|every|each)\s+/gi)) {
    const np = leadNounPhrase(text.slice(m.index), opts);
    if (np) out.push(np);
  }
  return out;
}
