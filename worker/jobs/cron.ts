// The cron tick's jobs, one entry each (decision 263). The scheduled handler (worker/index.ts)
// runs them all every minute; outside production /dev/cron/<job> runs one alone, so `npm run
// bench` can measure each job's CPU on its own against the Workers Free plan's 10 ms.
import type { Env } from "../env";
import { sweepOldActivity } from "./activity-sweep-cron";
import { resendStuckBrainDocuments } from "./brain-sweep-cron";
import { collectDueMetrics } from "./metrics-cron";
import { claimDuePosts } from "./publish-cron";
import { refreshIdleTokens } from "./token-refresh-cron";
import { pollDueFeeds } from "../services/api/feeds";

export const CRON_JOBS: Readonly<Record<string, (env: Env, scheduledTime: number) => Promise<unknown>>> = {
  // Claims due posts and enqueues them; publishing happens in the queue consumer.
  "publish-dispatch": claimDuePosts,
  // Refreshes tokens in their window; reminds owners of tokens that cannot be refreshed (decision 196).
  "token-refresh": (env) => refreshIdleTokens(env),
  "brain-sweep": resendStuckBrainDocuments,
  "metrics-collection": collectDueMetrics,
  // Runs on the first tick of each hour only.
  "activity-sweep": sweepOldActivity,
  // RSS to drafts (decision 284): feeds not read for 15 minutes, a few per tick.
  "feed-poll": (env, time) => pollDueFeeds(env, time),
};
