// What every brain service needs: the database, the bindings, the AI engine and the vector index.
// Tests and the bench pass their own engine or index; the app builds them from configuration.
import { createAiEngine } from "../../adapters/ai";
import type { AiEngine } from "../../adapters/ai/types";
import { createVectorIndex } from "../../adapters/vectors";
import type { VectorIndex, VectorSpace } from "../../adapters/vectors/types";
import type { Env } from "../../env";
import { getDb, type Db } from "../../lib/db";
import type { ServiceContext } from "../context";

export type BrainDeps = { env: Env; db: Db; engine: AiEngine; vectors: VectorIndex };

export function brainDeps(env: Env, overrides: Partial<Omit<BrainDeps, "env">> = {}): BrainDeps {
  return {
    env,
    db: overrides.db ?? getDb(env.DB),
    engine: overrides.engine ?? createAiEngine(env),
    vectors: overrides.vectors ?? createVectorIndex(env),
  };
}

/** The engine and index a call may bring instead of the configured ones (tests, the bench). */
export type BrainTools = Partial<Pick<BrainDeps, "engine" | "vectors">>;

/**
 * A route-facing brain service takes the service context like every area (decision 315) and adds
 * the brain's two adapters from its bindings here; only jobs (no caller) take `BrainDeps` directly.
 */
export const brainDepsFor = (ctx: ServiceContext, tools: BrainTools = {}): BrainDeps => brainDeps(ctx.env, { db: ctx.db, ...tools });

export const spaceOf = (engine: AiEngine): VectorSpace => ({ engine: engine.engine, dim: engine.embeddingDim });

/** R2 key of a document's full extracted text (chosen by the server, scoped by project). */
export const sourceKeyOf = (projectId: string, documentId: string) => `brain-sources/${projectId}/${documentId}.txt`;

/** Deterministic ids: a retried job rewrites the same rows instead of adding new ones. */
export const partIdOf = (documentId: string, part: number) => `${documentId}:p${part}`;
export const segmentIdOf = (unitId: string, index: number) => `${unitId}:s${index}`;
export const documentVectorIdOf = (unitId: string) => `${unitId}:doc`;
