// A message's variants publish independently (decision 260): two posts of one message, claimed in
// one batch; the network refuses the first request it gets, and that variant alone is retried while
// the other is published. Both variants here use the sandbox's X account (the one sandbox network
// that needs no image), which is enough: the consumer never looks at message_id.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { PublishJob } from "../../worker/env";
import { signIn } from "./helpers";
import { connectSandboxAccount, insertPost, readPost, sandboxControl, sandboxPosts } from "./posts-fixtures";
import { deliverPublish, publishTestEnv } from "./queue-kit";

afterEach(async () => {
  await sandboxControl("twitter", { reset: true });
});

async function claimedVariant(projectId: string, messageId: string, content: string, claimedAt: number): Promise<{ id: string; job: PublishJob }> {
  const id = await insertPost(projectId, { content, status: "publishing", publishAttempts: 1, lastAttempt: claimedAt, scheduledFor: claimedAt - 1000 });
  await env.DB.prepare("update posts set message_id = ? where id = ?").bind(messageId, id).run();
  return { id, job: { postId: id, claimedAt } };
}

describe("a message's variants", () => {
  it("publish independently: one refused by its network is retried alone, the other is published", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    await sandboxControl("twitter", { fail: "500", times: 1, account: acc.username });
    const messageId = crypto.randomUUID();
    const at = Date.now() - 1000;
    const a = await claimedVariant(u.projectId, messageId, `Variant one ${acc.username}`, at);
    const b = await claimedVariant(u.projectId, messageId, `Variant two ${acc.username}`, at);
    const { e } = publishTestEnv();

    const first = await deliverPublish(e, [a.job, b.job]);
    expect(first.retries).toHaveLength(1);
    expect(first.acked).toHaveLength(1);
    const [failedId] = first.retries.map((r) => r.postId);
    const publishedId = first.acked[0]!;
    expect(new Set([failedId, publishedId])).toEqual(new Set([a.id, b.id]));
    expect((await readPost(publishedId))!.status).toBe("published");
    expect((await readPost(failedId!))!.status).toBe("publishing");
    expect(await sandboxPosts("twitter", acc.username)).toHaveLength(1);

    // The retried variant publishes on its next delivery; its sibling is not sent again.
    const again = await deliverPublish(e, [failedId === a.id ? a.job : b.job], 2);
    expect(again.acked).toEqual([failedId]);
    expect((await readPost(failedId!))!.status).toBe("published");
    expect(await sandboxPosts("twitter", acc.username)).toHaveLength(2);
  });
});
