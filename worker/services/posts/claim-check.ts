// The writer's tools on a draft: the claim check behind POST /projects/:projectId/claims (decision 225)
// and the editor's helpers behind POST /projects/:projectId/assist (decision 227). The claim check: a draft's figures,
// prices, times, dates, names and absolute claims against every passage of the project's brain
// and the project's own name and description. Read-only; it never blocks saving or scheduling.
import { eq } from "drizzle-orm";
import { brainDocuments, brainSegments } from "../../../schema/db/brain";
import type { z } from "zod";
import type { AssistResponse, assistRequestSchema, ClaimCheckResponse } from "../../../schema/api/writer";
import { adapt, shorten, suggestHashtags } from "../../adapters/ai/writer/assist";
import { checkClaims, type ClaimFact } from "../../adapters/ai/writer/claims";
import type { Db } from "../../lib/db";
import { ownedProject } from "../../lib/ownership";

/** Passages read per check: a brain's first this-many passages (brand books are a few hundred). */
const MAX_PASSAGES = 3000;

/** The facts a project's drafts are checked against: its brain passages, then its own description. */
async function projectFacts(db: Db, project: { id: string; name: string; description: string }): Promise<ClaimFact[]> {
  const rows = await db
    .select({ id: brainSegments.id, content: brainSegments.content, title: brainDocuments.title })
    .from(brainSegments)
    .innerJoin(brainDocuments, eq(brainDocuments.id, brainSegments.documentId))
    .where(eq(brainSegments.projectId, project.id))
    .limit(MAX_PASSAGES)
    .all();
  const facts: ClaimFact[] = rows.map((r) => ({ id: r.id, text: r.content, source: `“${r.title}”` }));
  facts.push({ id: null, text: `${project.name}. ${project.description}`, source: "Your project description" });
  return facts;
}

export async function checkDraftClaims(db: Db, userId: string, projectId: string, content: string): Promise<ClaimCheckResponse> {
  const project = await ownedProject(db, userId, projectId, "read");
  const facts = await projectFacts(db, project);
  return { findings: checkClaims(content, facts), passages: facts.length - 1 };
}

/** Shorten, Adapt or Suggest hashtags on a draft (decision 227); deterministic on every engine. */
export async function assistDraft(db: Db, userId: string, projectId: string, req: z.output<typeof assistRequestSchema>): Promise<AssistResponse> {
  const project = await ownedProject(db, userId, projectId, "read");
  const hashtags = req.hashtags.map((h) => h.replace(/^#+/, "")).filter(Boolean);
  switch (req.action) {
    case "shorten":
      return { content: shorten(req.content, hashtags, req.platform), hashtags };
    case "adapt":
      return adapt(req.content, hashtags, req.platform);
    case "hashtags": {
      const brain = (await projectFacts(db, project)).map((f) => f.text).join("\n");
      return { content: req.content, hashtags: suggestHashtags(req.content, project, brain, req.platform) };
    }
  }
}
