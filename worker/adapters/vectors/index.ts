import type { Env } from "../../env";
import { D1VectorIndex } from "./d1";
import type { VectorIndex } from "./types";
import { VectorizeVectorIndex } from "./vectorize";

/** Vectorize when the binding is configured (remote deploys), otherwise the D1 index. */
export function createVectorIndex(env: Env): VectorIndex {
  return env.VECTORIZE ? new VectorizeVectorIndex(env.VECTORIZE) : new D1VectorIndex(env.DB);
}
