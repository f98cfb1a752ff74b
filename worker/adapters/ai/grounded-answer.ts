// A composed answer may state only what its cited passages say (docs/product-spec.md "Query Brain";
// decision 220). A model's answer is kept when every figure in it (a number, an amount, a time)
// appears in the passages it cites and most of its words come from them; otherwise the caller
// falls back to the passage's own answering sentence. General: nothing here knows a trade.
import { porterStem } from "../../text/nlp";
import { STOPWORDS, words } from "../../text/tokenize";

/** Share of an answer's content words that must occur in its cited passages. */
const GROUNDED_WORD_SHARE = 0.6;

const stems = (text: string) =>
  words(text)
    .filter((w) => !STOPWORDS.has(w) && w.length > 1)
    .map((w) => porterStem(w));

/** Figures of a text: digit runs ("12", "4.50", "9am" -> "9"). */
const figures = (text: string) => text.match(/\d+(?:[.,]\d+)?/g) ?? [];

/** Whether `answer` states only what `sources` say (figures exactly, words mostly). */
export function isGrounded(answer: string, sources: readonly string[]): boolean {
  const said = sources.join(" \n ");
  if (!answer.trim() || !sources.length) return false;
  const known = new Set(figures(said));
  if (figures(answer).some((f) => !known.has(f))) return false;
  const vocabulary = new Set(stems(said));
  const own = stems(answer);
  if (!own.length) return false;
  return own.filter((s) => vocabulary.has(s)).length / own.length >= GROUNDED_WORD_SHARE;
}
