// Which words of a sentence are verbs or name a person, read by a part-of-speech tagger
// (compromise, decision 174) rather than guessed from word lists: "Our hygienist removes plaque",
// "clear aligners straighten teeth" and "fillings match the colour" end their noun phrase at the
// verb although none of those verbs is a common brand-copy word. compromise's "two" build (lexicon
// and tagger, no semantics) is ~120 KB gzipped and unpacks its lexicon when imported (~0.3 s of
// CPU), so it is imported on the local writer's first use, never at the Worker's start-up.

type Term = { offset: { start: number }; tags: string[] };
type Nlp = (text: string) => { json(opts: { offset: true }): unknown };

/** Part-of-speech facts about words of a text, by the word's character offset. */
export type Tagger = {
  /** Whether the word at `start` is a verb of `text` (an "-ing" form is not: "our Bright Smile whitening kit"). */
  isVerbAt(text: string, start: number): boolean;
  /** Whether the word at `start` names a person ("hygienist", "founder"): "it" would not do for them. */
  isPersonAt(text: string, start: number): boolean;
};

const MAX_CACHED = 1000;

function taggerOf(nlp: Nlp): Tagger {
  const cache = new Map<string, Map<number, string[]>>();
  const tagsAt = (text: string, start: number) => {
    let tags = cache.get(text);
    if (!tags) {
      tags = new Map();
      for (const s of nlp(text).json({ offset: true }) as { terms: Term[] }[]) for (const t of s.terms) tags.set(t.offset.start, t.tags);
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(text, tags);
    }
    return tags.get(start);
  };
  return {
    isVerbAt: (text, start) => {
      const tags = tagsAt(text, start);
      return !!tags && tags.includes("Verb") && !tags.includes("Gerund");
    },
    isPersonAt: (text, start) => tagsAt(text, start)?.includes("Actor") ?? false,
  };
}

let loading: Promise<Tagger> | undefined;
/** The tagger, imported once per isolate on first use. */
export function loadTagger(): Promise<Tagger> {
  loading ??= import("compromise/two").then((m) => taggerOf(m.default as unknown as Nlp));
  return loading;
}
