// Writer step "plan": which brand sentences can carry a message of this brief. Every message
// serves the brief (decision 186): a fact qualifies when it names one of the brief's subjects, or
// shares enough of the brief's topic words; the brand's own name and words that say how much or
// when ("week", "two") do not count. When too few facts qualify, the campaign has fewer messages
// and the screen says why (never padding with unrelated facts; decision 186).
import { porterStem } from "../../../text/nlp";
import { STOPWORDS, words } from "../../../text/tokenize";
import { WEIGHTS } from "./weights";

/** Content-word stems of a text; hyphenated words count as their parts. */
export function stemSet(text: string): Set<string> {
  return new Set(
    words(text.replace(/-/g, " "))
      .filter((w) => !STOPWORDS.has(w) && w.length > 1)
      .map(porterStem),
  );
}

/** Words of an instruction, not of its topic ("announce our course for people who have never tried"). */
const INSTRUCTION = new Set(
  "announce promote explain remind tell show share post write launch highlight celebrate introduce invite get encourage ask help make create want need people everyone anyone someone thinking about new next our their them they who have never tried before winter rush monthly price"
    .split(" ")
    .map((w) => porterStem(w)),
);

/**
 * The brief's topic stems (its subjects' words, and the words of the clauses that name them: "the
 * next course fills up" says the class is a course) and the head of its first subject.
 */
export function briefStems(subjectLabels: string[], brandName: string, vague: (stem: string) => boolean, clauses: string[] = []): BriefStems {
  const brand = stemSet(brandName);
  const topical = (s: string) => !brand.has(s) && !INSTRUCTION.has(s) && !vague(s);
  const stems = new Set<string>();
  for (const label of subjectLabels) for (const s of stemSet(label)) if (topical(s)) stems.add(s);
  const context = new Set<string>();
  for (const clause of clauses) for (const s of stemSet(clause)) if (topical(s) && !stems.has(s)) context.add(s);
  const first = subjectLabels[0] ? [...stemSet(subjectLabels[0])].filter((s) => stems.has(s)) : [];
  return { stems, context, head: first.at(-1) ?? null };
}

/** The brief's subject stems, the other topic stems of its clauses, and the head of its first subject. */
export type BriefStems = { stems: Set<string>; context: Set<string>; head: string | null };

/** Whether a fact (its stems) serves the brief: names a subject, or shares enough of its topic. */
export function servesBrief(factStems: Set<string>, brief: BriefStems, namesSubject: boolean): boolean {
  if (namesSubject) return true;
  if (brief.stems.size === 0) return true; // a brief with no topic of its own ("Something fun for Friday")
  let hits = 0;
  let around = 0;
  for (const s of factStems) if (brief.stems.has(s)) hits++;
  for (const s of factStems) if (brief.context.has(s)) around++;
  if (hits >= Math.min(WEIGHTS.minBriefStems, brief.stems.size)) return true;
  // A subject word and a word of its clause ("puppies" + "course" for "puppy class ... before the
  // next course fills up"); clause words alone never qualify a fact (they hold the audience too).
  if (hits >= 1 && hits + around * WEIGHTS.clauseStem >= WEIGHTS.minBriefStems) return true;
  return hits >= WEIGHTS.minHeadStems && !!brief.head && factStems.has(brief.head);
}
