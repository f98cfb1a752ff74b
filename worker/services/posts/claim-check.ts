// The writer's tools on a draft: the claim check behind POST /projects/:projectId/claims (decision 225)
// and the editor's helpers behind POST /projects/:projectId/assist (decisions 227, 259). The claim check: a draft's figures,
// prices, times, dates, names and absolute claims against every passage of the project's brain
// and the project's own name and description. Read-only; it never blocks saving or scheduling.
import { eq } from "drizzle-orm";
import { brainDocuments, brainSegments } from "../../../schema/db/brain";
import type { z } from "zod";
import {
  ASSIST_ACTIONS,
  type AssistAction,
  type AssistCapabilities,
  type AssistResponse,
  type assistRequestSchema,
  type ClaimCheckResponse,
} from "../../../schema/api/writer";
import { BRAND_VOICES } from "../../../schema/api/projects";
import { createAiEngine } from "../../adapters/ai";
import type { AiEngine, BrainPassage } from "../../adapters/ai/types";
import type { Env } from "../../env";
import { apiError } from "../../lib/errors";
import { searchBrain } from "../brain";
import { adapt, shorten, suggestHashtags } from "../../adapters/ai/writer/assist";
import { checkClaims, type ClaimFact } from "../../adapters/ai/writer/claims";
import type { Db } from "../../lib/db";
import { ownedProject } from "../../lib/ownership";
import type { ServiceContext } from "../context";

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

export async function checkDraftClaims(ctx: ServiceContext, projectId: string, content: string): Promise<ClaimCheckResponse> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const project = await ownedProject(db, userId, projectId, "read");
  const facts = await projectFacts(db, project);
  return { findings: checkClaims(content, facts), passages: facts.length - 1 };
}

/** The helpers any engine runs without a model (decision 227). */
const LOCAL_HELPERS: AssistAction[] = ["shorten", "adapt", "hashtags"];

/** The helpers this engine can run: all five with a model (decision 259), else the deterministic three. */
function helpersOf(engine: AiEngine): AssistAction[] {
  return engine.editDraft ? [...ASSIST_ACTIONS] : LOCAL_HELPERS;
}

/** GET /projects/:projectId/assist: which helpers work here, and Change tone's five voices. */
export async function assistCapabilities(ctx: ServiceContext, projectId: string, engine: AiEngine = createAiEngine(ctx.env)): Promise<AssistCapabilities> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId, "read");
  return { engine: engine.kind, available: helpersOf(engine), tones: BRAND_VOICES.map((v) => ({ value: v.value, label: v.label })) };
}

/** Brain passages a Rewrite may rest on: the draft's best matches (a brain failure leaves only the draft's own facts). */
async function draftPassages(db: Db, env: Env, engine: AiEngine, projectId: string, content: string): Promise<BrainPassage[]> {
  const matches = await searchBrain(db, env, projectId, content, EDIT_PASSAGES, { engine }).catch((err: unknown) => {
    console.warn("brain search for a helper edit failed; the draft's own facts only", err);
    return [];
  });
  return matches.map((m) => ({ id: m.segment_id, text: m.content.slice(0, 500) }));
}
const EDIT_PASSAGES = 6;

/**
 * One helper's edit of a draft (decisions 227, 259): Shorten, Adapt and Suggest hashtags are
 * deterministic on every engine; Rewrite and Change tone are one model request, and on the local
 * engine a typed `needs_ai_engine` error. Every result is a single edit (text and hashtags).
 */
export async function assistDraft(
  ctx: ServiceContext,
  projectId: string,
  req: z.output<typeof assistRequestSchema>,
  engine: AiEngine = createAiEngine(ctx.env),
): Promise<AssistResponse> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const project = await ownedProject(db, userId, projectId, "read");
  const hashtags = req.hashtags.map((h) => h.replace(/^#+/, "")).filter(Boolean);
  const available = helpersOf(engine);
  switch (req.action) {
    case "shorten":
      return { content: shorten(req.content, hashtags, req.platform), hashtags, available };
    case "adapt":
      return { ...adapt(req.content, hashtags, req.platform), available };
    case "hashtags": {
      const brain = (await projectFacts(db, project)).map((f) => f.text).join("\n");
      return { content: req.content, hashtags: suggestHashtags(req.content, project, brain, req.platform), available };
    }
    case "rewrite":
    case "tone": {
      if (!engine.editDraft)
        throw apiError(
          "needs_ai_engine",
          `${req.action === "tone" ? "Change tone" : "Rewrite"} needs an AI engine (OpenAI or Workers AI); the local writer only drafts from your brand brain's sentences.`,
        );
      const tone = req.action === "tone" ? BRAND_VOICES.find((v) => v.value === req.tone)?.label : undefined;
      const brand = { name: project.name, industry: project.industry, brand_voice: project.brandVoice, description: project.description };
      try {
        const passages = await draftPassages(db, ctx.env, engine, projectId, req.content);
        const out = await engine.editDraft({
          action: req.action,
          content: req.content,
          hashtags,
          platform: req.platform,
          brand,
          passages,
          ...(tone ? { tone } : {}),
        });
        return { ...out, available };
      } catch (err) {
        console.error("helper edit failed", err);
        throw apiError("generation_failed");
      }
    }
  }
}
