// The wizard's brand documents also feed the new project's brain: a brand owner uploads them
// once. Best effort and after the response: a file the brain cannot read (e.g. a legacy .doc)
// stays stored with the project and is reported in the log, never failing the project.
import type { ServiceContext } from "../context";
import { addFileDocument } from "./documents";

export async function feedBrainWithWizardDocuments(
  ctx: ServiceContext,
  projectId: string,
  documents: { name: string; bytes: Uint8Array }[],
): Promise<{ added: number; refused: string[] }> {
  if (documents.length === 0) return { added: 0, refused: [] };
  let added = 0;
  const refused: string[] = [];
  for (const doc of documents) {
    try {
      await addFileDocument(ctx, projectId, doc);
      added++;
    } catch (err) {
      refused.push(doc.name);
      console.warn(`brain: wizard document ${doc.name} not added`, err instanceof Error ? err.message : err);
    }
  }
  return { added, refused };
}
