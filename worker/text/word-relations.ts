// Reads the related-word table built from WordNet by scripts/build-word-relations.mjs (decision
// 115): per Porter stem, the stems related to it as synonym, derivation, attribute, similar word or
// one level of hypernym ("downpour" ~ "rain", "decaf" ~ "coffee", "far" ~ "distance"). Each pair is
// stored once in the file and looked up both ways; parsed once, on the first lookup.

/** Relation classes in the file, strongest first (letters as written by the build script). */
export type RelationClass = "s" | "d" | "a" | "l" | "h" | "g";

export type RelatedStems = (stem: string) => ReadonlyMap<string, RelationClass> | undefined;

const RANK: Record<RelationClass, number> = { s: 0, d: 1, a: 2, l: 3, h: 4, g: 5 };

export function parseWordRelations(data: ArrayBuffer | Uint8Array | string): RelatedStems {
  const text = typeof data === "string" ? data : new TextDecoder().decode(data);
  const map = new Map<string, Map<string, RelationClass>>();
  const add = (a: string, b: string, cls: RelationClass) => {
    let m = map.get(a);
    if (!m) map.set(a, (m = new Map()));
    const was = m.get(b);
    if (was === undefined || RANK[cls] < RANK[was]) m.set(b, cls);
  };
  for (const line of text.split("\n")) {
    const tab = line.indexOf("\t");
    if (tab <= 0) continue;
    const stem = line.slice(0, tab);
    for (const group of line.slice(tab + 1).split(" ")) {
      const cls = group[0] as RelationClass;
      if (!(cls in RANK)) throw new Error("word-relations: unknown relation class");
      for (const other of group.slice(1).split(",")) {
        if (!other) continue;
        add(stem, other, cls);
        add(other, stem, cls);
      }
    }
  }
  return (stem) => map.get(stem);
}
