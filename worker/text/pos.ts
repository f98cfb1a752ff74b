// Which words of a sentence are its verbs, nouns or people, read by a part-of-speech tagger
// (compromise, decision 174) rather than guessed from word lists: "Our hygienist removes plaque",
// "clear aligners straighten teeth" and "fillings match the colour" end their noun phrase at the
// verb although none of those verbs is a common brand-copy word. compromise's "two" build (lexicon
// and tagger, no semantics) is ~120 KB gzipped and unpacks its lexicon when imported (~0.3 s of
// CPU), so it is imported on the local writer's first use, never at the Worker's start-up.

type Term = { text: string; offset: { start: number }; tags: string[] };
type Nlp = (text: string) => { json(opts: { offset: true }): unknown };

/** Part-of-speech facts about the word of a text that starts at a character offset. */
export type Tagger = {
  /**
   * Whether the word is the verb of its clause: a verb ("-ing" forms excepted: "our Bright Smile
   * whitening kit") with no other verb after it before the clause ends ("Bread left at closing time
   * is given..." is about bread, and "left" is no verb of its own).
   */
  isClauseVerbAt(text: string, start: number): boolean;
  /** Whether the tagger reads the word as a noun (not a verb). */
  isNounAt(text: string, start: number): boolean;
  /** Whether the word names a person ("hygienist", "founder"): "it" would not do for them. */
  isPersonAt(text: string, start: number): boolean;
};

const MAX_CACHED = 1000;

/** Words and marks that end a clause: the verb of the next one is not this one's. */
const CLAUSE_END = /^(?:and|or|but|so|where|which|who|that|while|because|when|if)$/i;

const isVerb = (t: Term) => t.tags.includes("Verb") && !t.tags.includes("Gerund");

function taggerOf(nlp: Nlp): Tagger {
  const cache = new Map<string, { terms: Term[]; index: Map<number, number> }>();
  const tagged = (text: string) => {
    let hit = cache.get(text);
    if (!hit) {
      const terms = (nlp(text).json({ offset: true }) as { terms: Term[] }[]).flatMap((s) => s.terms);
      hit = { terms, index: new Map(terms.map((t, i) => [t.offset.start, i])) };
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(text, hit);
    }
    return hit;
  };
  const termAt = (text: string, start: number) => {
    const { terms, index } = tagged(text);
    const i = index.get(start);
    return i === undefined ? undefined : { terms, i };
  };
  return {
    isClauseVerbAt: (text, start) => {
      const at = termAt(text, start);
      if (!at || !isVerb(at.terms[at.i]!)) return false;
      for (let j = at.i + 1; j < at.terms.length; j++) {
        const t = at.terms[j]!;
        if (CLAUSE_END.test(t.text)) break;
        if (isVerb(t)) return false;
        // compromise keeps a term's trailing punctuation out of its text: read it from the source.
        const after = text.slice(t.offset.start + t.text.length, t.offset.start + t.text.length + 1);
        if (/[,;:.!?]/.test(after)) break;
      }
      return true;
    },
    isNounAt: (text, start) => {
      const at = termAt(text, start);
      return !!at && at.terms[at.i]!.tags.includes("Noun") && !at.terms[at.i]!.tags.includes("Verb");
    },
    isPersonAt: (text, start) => {
      const at = termAt(text, start);
      return !!at && at.terms[at.i]!.tags.includes("Actor");
    },
  };
}

let loading: Promise<Tagger> | undefined;
/** The tagger, imported once per isolate on first use. */
export function loadTagger(): Promise<Tagger> {
  loading ??= import("compromise/two").then((m) => taggerOf(m.default as unknown as Nlp));
  return loading;
}
