// Chaos run of the publishing pipeline (decision 096, "Faults"): posts across connected sandbox
// accounts on all seven networks (decision 140), driven by concurrent cron ticks and a simulated at-least-once queue that duplicates,
// shuffles and splits deliveries, while seeded random faults hit the platform (500s, 429s with
// Retry-After, timeouts with and without the platform committing, revoked tokens, rejections) and
// our own D1 write fails right after the platform accepted (a crash between accept and ack, soft:
// the consumer notices; hard: the consumer dies and only the 15-minute stale-claim sweep helps).
// The recorded history (the sandbox's posts per account + our posts table) must show every post
// published at most once, and every post ending published (with its platform id) or failed
// (with a message). Reproduce a run with VITE_CHAOS_SEED=<seed>.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it, vi } from "vitest";
import type { Env, PublishJob } from "../../worker/env";
import { claimDuePosts } from "../../worker/jobs/publish-cron";
import { handlePublishBatch } from "../../worker/jobs/publish-consumer";
import { composePostText, MAX_ATTEMPTS } from "../../worker/services/publishing/publish";
import { RECONCILE_MARKER, STALE_CLAIM_MS } from "../../worker/services/publishing/claim";
import { app } from "../../worker/app";
import { ORIGIN, signIn, type TestUser } from "./helpers";
import { connectSandboxAccount, insertPost, readPost, sandboxControl as sandboxControlXIg, type SandboxItem } from "./posts-fixtures";
import { connectNetwork, NEW_NETWORKS, networkControl, sandboxAccountName, uname, type NewNetwork } from "./network-helpers";
import { putPublicMedia } from "./public-media";
import { failingD1 } from "./failing-d1";
import { prng } from "./prng";
import { deliverChaosBatch } from "./queue-kit";

// Given on the command line (VITE_CHAOS_SEED=7 npx vitest ...): vitest.config.ts passes them in as bindings.
const metaEnv = env as unknown as Record<string, string | undefined>;
const SEED = Number(metaEnv.VITE_CHAOS_SEED ?? 70_611);
const POSTS = Number(metaEnv.VITE_CHAOS_POSTS ?? 84); // 4 per account
const PROJECTS = 3; // each with an account on all seven networks: 21 accounts
/** Every network the chaos run covers (decision 140 adds five to X and Instagram). */
const NETWORKS = ["twitter", "instagram", ...NEW_NETWORKS] as const;
type Network = (typeof NETWORKS)[number];
/** Networks that fetch a post's image from its URL themselves (the others upload our bytes). */
const FETCHES_IMAGE_URL = new Set<Network>(["instagram", "threads", "facebook"]);
const sandboxControl = (network: Network, body: Record<string, unknown>) =>
  network === "twitter" || network === "instagram" ? sandboxControlXIg(network, body) : networkControl(network, body);
const FAULT_STEPS = 30; // faults are injected in the first steps, then the run must settle
const MAX_STEPS = 400;

type Account = { user: TestUser; projectId: string; platform: Network; username: string; accountId: string };
type Message = { id: string; body: PublishJob; attempts: number; visibleAt: number };

const counts = {
  posts: 0,
  ticks: 0,
  claimed: 0,
  swept: 0,
  batches: 0,
  deliveries: 0,
  duplicateDeliveries: 0,
  acks: 0,
  retries: 0,
  publishNow: 0,
  retryClicks: 0,
  faults: {} as Record<string, number>,
};
const bump = (k: string) => (counts.faults[k] = (counts.faults[k] ?? 0) + 1);

// ---------- a D1 that fails the write right after the platform accepted ----------
type CrashPlan = { soft: Set<string>; hard: Set<string>; dying: Set<string> };

function crashingDb(db: D1Database, plan: CrashPlan): D1Database {
  const check = (sql: string, params: unknown[]) => {
    if (!/^update "posts" set/i.test(sql)) return;
    const id = params.find((p) => typeof p === "string" && (plan.soft.has(p) || plan.hard.has(p) || plan.dying.has(p))) as string | undefined;
    if (!id) return;
    if (/"platform_post_id" = \?/.test(sql.split(/ where /i)[0]!)) {
      // The platform has the post; our record of it is lost.
      if (plan.soft.delete(id)) {
        bump("crash-after-accept (soft)");
        throw new Error("D1_ERROR: simulated failure after the platform accepted");
      }
      if (plan.hard.delete(id)) {
        bump("crash-after-accept (hard)");
        plan.dying.add(id);
        throw new Error("D1_ERROR: simulated crash after the platform accepted");
      }
    } else if (plan.dying.delete(id)) {
      // The consumer is gone: its clean-up write never happens either.
      throw new Error("D1_ERROR: simulated crash (consumer gone)");
    }
  };
  return failingD1(db, check);
}

async function sandboxItems(platform: Network, username: string): Promise<SandboxItem[]> {
  const res = await fetch(`${env.FAKES_URL.replace(/\/+$/, "")}/${platform === "twitter" ? "x" : platform}/_state?account=${encodeURIComponent(username)}`);
  return ((await res.json()) as { items: SandboxItem[] }).items;
}

it(
  `chaos: ${POSTS} posts under random platform faults, duplicate and shuffled deliveries, crashes and sweeps publish at most once`,
  { timeout: 240_000 },
  async () => {
    const rng = prng(SEED);
    const started = performance.now();
    // The consumer logs every delivery it lets the queue redeliver (our injected D1 crashes): counted, not printed.
    let consumerErrors = 0;
    const original = console.error.bind(console);
    const errorSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (String(args[0]).startsWith("publish job failed")) consumerErrors++;
      else original(...args);
    });

    // Accounts: PROJECTS projects, each with X and Instagram connected through the sandbox.
    const accounts: Account[] = [];
    for (let i = 0; i < PROJECTS; i++) {
      const u = await signIn();
      for (const platform of NETWORKS) {
        if (platform === "twitter" || platform === "instagram") {
          const a = await connectSandboxAccount(u.projectId, platform);
          accounts.push({ user: u, projectId: u.projectId, platform, username: a.username, accountId: a.accountId });
        } else {
          const name = uname();
          const a = await connectNetwork(u, platform as NewNetwork, name);
          accounts.push({ user: u, projectId: u.projectId, platform, username: sandboxAccountName(platform as NewNetwork, name), accountId: a.id });
        }
      }
    }

    // Posts, due over the fault-injection window; Instagram ones carry an image URL.
    let now = Date.now();
    const runTag = `${SEED.toString(36)}-${crypto.randomUUID().slice(0, 6)}`;
    const posts: { id: string; account: Account; text: string }[] = [];
    const inserts: D1PreparedStatement[] = [];
    const images: Promise<string>[] = [];
    for (let i = 0; i < POSTS; i++) {
      const account = accounts[i % accounts.length]!;
      const id = crypto.randomUUID();
      const content = `Chaos ${runTag} post ${i} for ${account.username}`;
      const hashtags = rng.chance(0.5) ? ["chaos", `run${i}`] : [];
      const mediaInfo = FETCHES_IMAGE_URL.has(account.platform)
        ? JSON.stringify({ url: `https://images.example.com/chaos-${runTag}-${i}.jpg`, file_name: `chaos-${i}.jpg`, file_type: "image/jpeg", file_size: 1000 })
        : null;
      // The sandbox downloads image_url when the container is created: the URL must serve a JPEG.
      if (mediaInfo) images.push(putPublicMedia(`https://images.example.com/chaos-${runTag}-${i}.jpg`));
      inserts.push(
        env.DB.prepare(
          `insert into posts (id, project_id, platform, content, hashtags, scheduled_for, status, media_info, publish_attempts, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, 'scheduled', ?, 0, ?, ?)`,
        ).bind(id, account.projectId, account.platform, content, JSON.stringify(hashtags), now + rng.int(FAULT_STEPS * 60_000), mediaInfo, now - 5000, now),
      );
      posts.push({ id, account, text: composePostText(content, hashtags) });
    }
    await env.DB.batch(inserts);
    await Promise.all(images);
    counts.posts = posts.length;
    const ids = new Set(posts.map((p) => p.id));

    // The env the cron and the consumer see: the queue is ours (below), platform calls time out
    // fast, and D1 can be told to fail the write after the platform accepted.
    const plan: CrashPlan = { soft: new Set(), hard: new Set(), dying: new Set() };
    let queue: Message[] = [];
    const publishQueue = {
      send: async (body: PublishJob) => void queue.push({ id: crypto.randomUUID(), body, attempts: 1, visibleAt: now }),
      sendBatch: async (msgs: Iterable<MessageSendRequest<PublishJob>>) => {
        for (const m of msgs) queue.push({ id: crypto.randomUUID(), body: m.body, attempts: 1, visibleAt: now });
      },
    };
    const e = { ...(env as unknown as Env), DB: crashingDb(env.DB, plan), PUBLISH_JOBS: publishQueue, PLATFORM_TIMEOUT_MS: "300" } as unknown as Env;

    const injectFaults = async () => {
      const n = rng.int(4);
      for (let i = 0; i < n; i++) {
        const a = rng.pick(accounts);
        const r = rng.next();
        if (r < 0.3) {
          const times = 1 + rng.int(3);
          await sandboxControl(a.platform, { fail: "500", times, account: a.username });
          bump("500");
        } else if (r < 0.5) {
          await sandboxControl(a.platform, { fail: "429", times: 1, account: a.username, retryAfter: 1 + rng.int(90) });
          bump("429");
        } else if (r < 0.65) {
          await sandboxControl(a.platform, { fail: "timeout", times: 1, account: a.username, on: "post" });
          bump("timeout");
        } else if (r < 0.85) {
          await sandboxControl(a.platform, { fail: "timeout", times: 1, account: a.username, on: "post", commit: true });
          bump("timeout-with-commit");
        } else {
          await sandboxControl(a.platform, { fail: "reject", times: 1, account: a.username, on: "post" });
          bump("reject");
        }
      }
    };
    // Half-way through, one account's access is revoked on the platform.
    const revoked = accounts[rng.int(accounts.length)]!;

    /** Delivers the visible messages: shuffled, some duplicated, split into concurrent batches. */
    const deliverVisible = async (allowCrashes: boolean) => {
      const visible = queue.filter((m) => m.visibleAt <= now);
      queue = queue.filter((m) => m.visibleAt > now);
      if (visible.length === 0) return;
      const copies: Message[] = [];
      for (const m of visible) {
        copies.push(m);
        const extra = rng.chance(0.3) ? 1 + rng.int(2) : 0;
        for (let k = 0; k < extra; k++) copies.push({ ...m, id: crypto.randomUUID() });
        counts.duplicateDeliveries += extra;
        if (allowCrashes && rng.chance(0.15)) (rng.chance(0.5) ? plan.soft : plan.hard).add(m.body.postId);
      }
      for (let i = copies.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [copies[i], copies[j]] = [copies[j]!, copies[i]!];
      }
      const batches: Message[][] = [];
      for (let i = 0; i < copies.length;) {
        const size = 1 + rng.int(10);
        batches.push(copies.slice(i, i + size));
        i += size;
      }
      await Promise.all(
        batches.map(async (msgs) => {
          counts.batches++;
          counts.deliveries += msgs.length;
          const result = await deliverChaosBatch(e, msgs, now);
          counts.acks += result.explicitAcks.length;
          for (const r of result.retryMessages) {
            counts.retries++;
            const m = msgs.find((x) => x.id === r.msgId)!;
            queue.push({ ...m, id: crypto.randomUUID(), attempts: m.attempts + 1, visibleAt: now + (r.delaySeconds ?? 0) * 1000 });
          }
          const settled = result.explicitAcks.length + result.retryMessages.length;
          expect(settled).toBe(msgs.length);
        }),
      );
      // A hard crash that never reached its clean-up write leaves nothing armed for later.
      plan.dying.clear();
    };

    const terminal = async () => {
      const { results } = await env.DB.prepare(
        `select count(*) as n from posts where id in (select value from json_each(?)) and status in ('published', 'failed')`,
      )
        .bind(JSON.stringify([...ids]))
        .all<{ n: number }>();
      return results[0]!.n;
    };

    let step = 0;
    for (; step < MAX_STEPS; step++) {
      const chaos = step < FAULT_STEPS;
      if (chaos) await injectFaults();
      if (step === Math.floor(FAULT_STEPS / 2)) {
        await sandboxControl(revoked.platform, { fail: "revoke", account: revoked.username });
        bump("revoke");
      }
      // Concurrent cron ticks at the same scheduled time.
      const ticks = await Promise.all(Array.from({ length: 1 + rng.int(3) }, () => claimDuePosts(e, now)));
      counts.ticks += ticks.length;
      for (const t of ticks) {
        counts.claimed += t.claimed;
        counts.swept += t.swept;
      }
      // Meanwhile the user clicks "Publish now" on a post and "Retry" on a failed one (the API
      // claims with the real clock, which lags the simulated one: clock skew for free).
      if (chaos) {
        for (const action of ["publish", "retry"] as const) {
          if (!rng.chance(0.5)) continue;
          const p = rng.pick(posts);
          const res = await app.fetch(
            new Request(`${ORIGIN}/api/posts/${p.id}/${action}`, { method: "POST", headers: p.account.user.headers }),
            e,
            createExecutionContext(),
          );
          expect([200, 409]).toContain(res.status);
          if (res.status === 200) counts[action === "publish" ? "publishNow" : "retryClicks"]++;
        }
      }
      // Now and then a message is lost before delivery (only the stale-claim sweep recovers it).
      if (chaos && queue.length && rng.chance(0.1)) {
        queue.splice(rng.int(queue.length), 1);
        bump("lost-message");
      }
      await deliverVisible(chaos);
      if (queue.length === 0 && (await terminal()) === posts.length) break;
      // Time moves a minute per step; sometimes far enough for the stale-claim sweep.
      now += rng.chance(0.1) ? STALE_CLAIM_MS + 60_000 : 60_000;
      if (queue.length === 0 && !chaos) now += STALE_CLAIM_MS; // only stuck claims left: sweep them
    }

    errorSpy.mockRestore();

    // ---------- the recorded history ----------
    const { results: rows } = await env.DB.prepare(
      `select id, status, error_message, platform_post_id, publish_attempts from posts where id in (select value from json_each(?))`,
    )
      .bind(JSON.stringify([...ids]))
      .all<{ id: string; status: string; error_message: string | null; platform_post_id: string | null; publish_attempts: number }>();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const platformItems = new Map<string, SandboxItem[]>();
    for (const a of accounts) platformItems.set(a.username, await sandboxItems(a.platform, a.username));

    let published = 0;
    let failed = 0;
    let duplicates = 0;
    let failedButOnPlatform = 0;
    const failedOnPlatformWhy: string[] = [];
    const problems: string[] = [];
    const failures: Record<string, number> = {};
    for (const p of posts) {
      const row = byId.get(p.id)!;
      const onPlatform = platformItems.get(p.account.username)!.filter((it) => it.text === p.text);
      if (onPlatform.length > 1) {
        duplicates++;
        problems.push(`${p.id} is on ${p.account.platform} ${onPlatform.length} times`);
      }
      if (row.status === "published") {
        published++;
        if (!row.platform_post_id) problems.push(`${p.id} published without a platform id`);
        else if (!onPlatform.some((it) => it.id === row.platform_post_id))
          problems.push(`${p.id} platform id ${row.platform_post_id} is not the platform's post`);
      } else if (row.status === "failed") {
        failed++;
        if (!row.error_message?.trim()) problems.push(`${p.id} failed without a message`);
        if (row.error_message === RECONCILE_MARKER) problems.push(`${p.id} failed with the internal reconcile marker`);
        failures[row.error_message ?? ""] = (failures[row.error_message ?? ""] ?? 0) + 1;
        if (onPlatform.length) {
          failedButOnPlatform++;
          failedOnPlatformWhy.push(row.error_message ?? "");
        }
      } else {
        problems.push(`${p.id} ended ${row.status}`);
      }
    }

    console.log(
      [
        `chaos seed ${SEED}: ${counts.posts} posts on ${accounts.length} accounts, ${step + 1} steps in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        `  cron ticks ${counts.ticks} (claimed ${counts.claimed}, swept back ${counts.swept}); deliveries ${counts.deliveries} in ${counts.batches} batches (duplicates ${counts.duplicateDeliveries}); acks ${counts.acks}, retries ${counts.retries}; API publish-now ${counts.publishNow}, retry ${counts.retryClicks}`,
        `  injected faults: ${JSON.stringify(counts.faults)}`,
        `  published ${published}, failed ${failed}, duplicates on the platform ${duplicates}, failed but visible on the platform ${failedButOnPlatform} ${JSON.stringify(failedOnPlatformWhy)}`,
        `  consumer errors handed back to the queue: ${consumerErrors}`,
        `  failure messages: ${JSON.stringify(failures)}`,
      ].join("\n"),
    );

    expect(problems).toEqual([]);
    // A post the platform has may end failed only when we can no longer ask the platform (revoked),
    // or when the granted scopes cannot read it back and the user is asked to check (decision 196:
    // never retried blindly, so never a duplicate).
    expect(failedOnPlatformWhy.every((m) => /reconnect|we could not confirm this post/i.test(m))).toBe(true);
    expect(duplicates).toBe(0);
    expect(published + failed).toBe(posts.length);
    // The run really was chaotic, and most posts still made it.
    expect(counts.duplicateDeliveries).toBeGreaterThan(0);
    expect(Object.keys(counts.faults).length).toBeGreaterThanOrEqual(6);
    expect(published).toBeGreaterThan(posts.length / 2);
  },
);

// Found by the chaos run: the last delivery's unknown outcome (timeout, or the crash after the
// platform accepted) used to mark the post failed although the platform had it.
it("an unknown outcome on the last delivery is reconciled before the post is called failed", { timeout: 30_000 }, async () => {
  const u = await signIn();
  const acc = await connectSandboxAccount(u.projectId, "twitter");
  const e = { ...(env as unknown as Env), PLATFORM_TIMEOUT_MS: "300" } as Env;
  const deliverLast = async (postId: string, claimedAt: number) => {
    const batch = createMessageBatch<PublishJob>("publish-jobs", [{ id: "last", timestamp: new Date(), attempts: MAX_ATTEMPTS, body: { postId, claimedAt } }]);
    const ctx = createExecutionContext();
    await handlePublishBatch(batch, e);
    return getQueueResult(batch, ctx);
  };
  const claimedAt = Date.now() - 1000;
  const insert = (content: string) =>
    insertPost(u.projectId, { content, status: "publishing", publishAttempts: MAX_ATTEMPTS, lastAttempt: claimedAt, scheduledFor: claimedAt - 1000 });

  // The platform commits, then hangs: the last attempt times out but the post is live.
  await sandboxControl("twitter", { fail: "timeout", times: 1, account: acc.username, on: "post", commit: true });
  const committed = await insert(`Last try committed ${acc.username}`);
  expect((await deliverLast(committed, claimedAt)).retryMessages).toHaveLength(0);
  const items = await sandboxItems("twitter", acc.username);
  expect(items).toHaveLength(1);
  expect(await readPost(committed)).toMatchObject({ status: "published", platform_post_id: items[0]!.id, error_message: null });

  // The platform never got it: the last attempt fails with the message, nothing posted.
  await sandboxControl("twitter", { fail: "timeout", times: 1, account: acc.username, on: "post" });
  const lost = await insert(`Last try lost ${acc.username}`);
  expect((await deliverLast(lost, claimedAt)).retryMessages).toHaveLength(0);
  const row = (await readPost(lost))!;
  expect(row.status).toBe("failed");
  expect(row.error_message).toBeTruthy();
  expect(await sandboxItems("twitter", acc.username)).toHaveLength(1);
});
