// The Vectorize metadata indexes Brandpilot's queries need (decision 192). Vectorize filters only
// on properties with a metadata index, returns only indexed properties with returnMetadata
// "indexed", and indexes only vectors written AFTER the index exists, so `npm run deploy` creates
// exactly these, right after the index and before the first insert. No imports: the deploy script
// reads this file with Node's type stripping.
export const VECTORIZE_METADATA_INDEXES: readonly { propertyName: "documentId" | "kind" | "engine"; type: "string" }[] = [
  // Read back from every match (returnMetadata "indexed"): which document a passage belongs to.
  { propertyName: "documentId", type: "string" },
  // Filtered on by every query.
  { propertyName: "kind", type: "string" },
  { propertyName: "engine", type: "string" },
];
