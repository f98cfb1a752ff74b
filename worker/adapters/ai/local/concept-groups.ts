// Everyday concepts customers name in their own words (decision 109): a coeliac asks about gluten,
// a wheelchair user about ramps and lifts, a dog owner names the breed, a parent says "kids" where
// the brand book says "children", a shopper says "card" where it says "contactless". WordNet does
// not relate these pairs and the word vectors score them too low; each group below is one such
// concept, its words related to each other like WordNet's related words, at the relation strength
// `CONCEPT_CLASS` names. Chosen from general knowledge of what customers ask, not from any
// evaluation set's misses; keep each group one real, everyday concept.
import { porterStem } from "../../../text/nlp";
import type { RelatedStems, RelationClass } from "../../../text/word-relations";

const GROUPS = [
  "coeliac celiac gluten gluten-free wheat wheat-free",
  "wheelchair wheelchairs ramp ramps lift lifts step-free accessible accessibility disabled disability mobility",
  "dog dogs pet pets puppy puppies spaniel labrador terrier retriever collie poodle whippet",
  "kid kids child children toddler toddlers baby babies infant infants family families",
  "card cards contactless cash payment payments",
  "dairy dairy-free lactose lactose-free",
  "nut nuts nut-free peanut peanuts almond almonds",
  "vegetarian vegetarians vegan vegans meat-free plant-based",
];

/** Relation class the groups' words are related by (its strength is the engine's for that class). */
const CONCEPT_CLASS: RelationClass = "s";

let groups: Map<string, Set<string>> | undefined;

function groupsByStem(): Map<string, Set<string>> {
  if (!groups) {
    groups = new Map();
    for (const line of GROUPS) {
      const stems = [...new Set(line.split(" ").map((w) => porterStem(w)))];
      for (const s of stems) {
        const set = groups.get(s) ?? new Set<string>();
        for (const o of stems) if (o !== s) set.add(o);
        groups.set(s, set);
      }
    }
  }
  return groups;
}

/**
 * `related` with the concept groups added. A pair `related` already relates keeps its own class;
 * each stem's merged relations are built once (the lookup is on every query's soft matching).
 */
export function withConceptGroups(related: RelatedStems): RelatedStems {
  const merged = new Map<string, ReadonlyMap<string, RelationClass>>();
  return (stem) => {
    const extra = groupsByStem().get(stem);
    if (!extra) return related(stem);
    let relations = merged.get(stem);
    if (!relations) {
      const built = new Map(related(stem) ?? []);
      for (const o of extra) if (!built.has(o)) built.set(o, CONCEPT_CLASS);
      merged.set(stem, (relations = built));
    }
    return relations;
  };
}
