import type { Env } from "../env";

/** Claims due posts and enqueues them (the publishing area fills this in). */
export async function claimDuePosts(_env: Env, _now: number): Promise<{ claimed: number }> {
  return { claimed: 0 };
}
