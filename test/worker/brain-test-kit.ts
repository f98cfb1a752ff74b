// Shared helpers of the brain worker tests: an env whose brain-jobs producer only records (so the
// real background consumer does not race the test), queue batches, and engines that fail on cue.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createAiEngine } from "../../worker/adapters/ai";
import type { AiEngine } from "../../worker/adapters/ai/types";
import type { BrainJob, Env } from "../../worker/env";
import { handleBrainBatch, type BrainConsumerOptions } from "../../worker/jobs/brain-consumer";
import { brainDeps, type BrainDeps } from "../../worker/services/brain/deps";
import { addTextDocument } from "../../worker/services/brain/documents";
import { serviceCtx, signIn, type TestUser } from "./helpers";
import { recordingQueue } from "./queue-kit";

export function quietEnv(): { e: Env; sent: BrainJob[] } {
  const { queue, sent } = recordingQueue<BrainJob>();
  return { e: { ...env, BRAIN_JOBS: queue }, sent };
}

export function depsFor(e: Env, engine?: AiEngine): BrainDeps {
  return brainDeps(e, engine ? { engine } : {});
}

type BrandFacts = { name: string; industry: string; brand_voice: string; description: string };

/** A signed-in project with these brand facts and one document fed to its brain through the real queue consumer. */
export async function fedProject(brand: BrandFacts, doc: { title: string; content: string }): Promise<{ user: TestUser; e: Env }> {
  const user = await signIn();
  await env.DB.prepare("update projects set name = ?, industry = ?, brand_voice = ?, description = ? where id = ?")
    .bind(brand.name, brand.industry, brand.brand_voice, brand.description, user.projectId)
    .run();
  const { e, sent } = quietEnv();
  await addTextDocument(serviceCtx(user, e), user.projectId, doc);
  for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
  return { user, e };
}

let seq = 0;
/** Delivers jobs through the real queue handler; returns the ack/retry outcome. */
export async function deliver(e: Env, jobs: BrainJob[], opts: BrainConsumerOptions & { attempts?: number } = {}) {
  const batch = createMessageBatch<BrainJob>(
    "brain-jobs",
    jobs.map((body) => ({ id: `m${++seq}`, timestamp: new Date(), attempts: opts.attempts ?? 1, body })),
  );
  const ctx = createExecutionContext();
  await handleBrainBatch(batch, e, opts);
  const result = await getQueueResult(batch, ctx);
  return { ids: batch.messages.map((m) => m.id), result };
}

/** The local engine with some calls made to fail (to test failure handling). */
export function faultyEngine(faults: {
  embed?: (texts: string[]) => "null" | "throw" | undefined;
  topics?: (docs: { title: string; content: string }[]) => boolean;
  topicsResult?: (r: Awaited<ReturnType<AiEngine["extractTopicsAndInsights"]>>) => Awaited<ReturnType<AiEngine["extractTopicsAndInsights"]>>;
}): AiEngine {
  const base = createAiEngine(env);
  return {
    engine: base.engine,
    embeddingDim: base.embeddingDim,
    matchThreshold: base.matchThreshold,
    kind: base.kind,
    async embed(texts) {
      const f = faults.embed?.(texts);
      if (f === "throw") throw new Error("embedding service unavailable");
      if (f === "null") return texts.map(() => null);
      return base.embed(texts);
    },
    async extractTopicsAndInsights(docs) {
      if (faults.topics?.(docs)) throw new Error("malformed topic JSON");
      const r = await base.extractTopicsAndInsights(docs);
      return faults.topicsResult ? faults.topicsResult(r) : r;
    },
    summarize: (input) => base.summarize(input),
    generatePosts: (input) => base.generatePosts(input),
    ...(base.unknownSubjects ? { unknownSubjects: (input: Parameters<AiEngine["generatePosts"]>[0]) => base.unknownSubjects!(input) } : {}),
  };
}

export async function count(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export const BRAND_TEXT =
  "Acme Trail Co. builds lightweight hiking backpacks from recycled ocean plastic. Our mission is to get more people outdoors " +
  "while keeping trails clean. Our audience is weekend hikers and urban commuters who care about sustainability. The Summit 30 " +
  "daypack weighs under one kilogram and carries a lifetime warranty. We plant a tree for every order and share trail stories " +
  "from our community every week.";
