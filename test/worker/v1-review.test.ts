// The public API's review route (decision 272): a key approves or requests changes exactly as its
// creator would in the screens (services/posts/review.ts `decide`), asks the publish scope, and
// never does more than the creator's role allows.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PostComment } from "../../schema/api/team";
import { createKey, v1 } from "./api-key-helpers";
import { expectError, json, signIn } from "./helpers";
import { insertPost, readPost } from "./posts-fixtures";
import { connectAccount } from "./social-helpers";
import { memberOf } from "./team-helpers";

async function inReview(projectId: string): Promise<string> {
  const id = await insertPost(projectId, { scheduledFor: Date.now() + 3 * 86_400_000 });
  await env.DB.prepare("update posts set status = 'in_review' where id = ?").bind(id).run();
  return id;
}

describe("v1 review", () => {
  it("an Owner's or a Reviewer's key approves and requests changes; the comment and the status are the screens'", { timeout: 30_000 }, async () => {
    const owner = await signIn();
    await connectAccount(owner, "twitter");
    const ownerKey = await createKey(owner, { scopes: ["read", "publish"] });
    const first = await inReview(owner.projectId);
    const res = await v1(ownerKey.key, "POST", `/api/v1/posts/${first}/review`, { decision: "approve", comment: "Good to go" });
    expect(res.status).toBe(201);
    const comment = (await res.json()) as PostComment;
    expect(comment).toMatchObject({ post_id: first, kind: "approved", author: owner.email, body: "Good to go" });
    expect((await readPost(first))!.status).toBe("scheduled");
    // Approved once: a second approval is a conflict, not a second comment.
    expect((await expectError(await v1(ownerKey.key, "POST", `/api/v1/posts/${first}/review`, { decision: "approve" }), 409)).code).toBe("conflict");

    const reviewer = await memberOf(owner.projectId, "reviewer");
    const reviewerKey = await createKey(reviewer, { scopes: ["read", "publish"], project_id: owner.projectId });
    const second = await inReview(owner.projectId);
    // Request changes needs a comment (the same rule as the screens).
    const empty = await expectError(await v1(reviewerKey.key, "POST", `/api/v1/posts/${second}/review`, { decision: "request_changes" }), 400);
    expect(empty.fields).toHaveProperty("comment");
    const asked = await v1(reviewerKey.key, "POST", `/api/v1/posts/${second}/review`, { decision: "request_changes", comment: "Name the roast" });
    expect(asked.status).toBe(201);
    expect((await asked.json()) as PostComment).toMatchObject({ kind: "changes_requested", author: reviewer.email });
    expect((await readPost(second))!.status).toBe("in_review");
    // The activity log names the key's creator.
    const log = await json(owner, "GET", `/api/projects/${owner.projectId}/activity`);
    expect(log.status).toBe(200);
    expect(JSON.stringify(await log.json())).toContain("requested changes to");
  });

  it(
    "refused: without the publish scope (403 insufficient_scope), for an Editor's key (403), outside the key's project (404); nothing changes",
    { timeout: 30_000 },
    async () => {
      const owner = await signIn();
      await connectAccount(owner, "twitter");
      const post = await inReview(owner.projectId);
      const comments = async () => (await env.DB.prepare("select count(*) as n from post_comments where post_id = ?").bind(post).first<{ n: number }>())!.n;

      const noPublish = await createKey(owner, { scopes: ["read", "write_posts"] });
      expect((await expectError(await v1(noPublish.key, "POST", `/api/v1/posts/${post}/review`, { decision: "approve" }), 403)).code).toBe(
        "insufficient_scope",
      );

      const editor = await memberOf(owner.projectId, "editor");
      const editorKey = await createKey(editor, { scopes: ["read", "write_posts", "publish"] });
      expect((await expectError(await v1(editorKey.key, "POST", `/api/v1/posts/${post}/review`, { decision: "approve" }), 403)).code).toBe("forbidden");

      // A co-owner's key limited to their own other project does not reach this post.
      const coOwner = await memberOf(owner.projectId, "owner");
      const elsewhere = await createKey(coOwner, { scopes: ["read", "publish"], project_id: coOwner.projectId });
      expect((await expectError(await v1(elsewhere.key, "POST", `/api/v1/posts/${post}/review`, { decision: "approve" }), 404)).code).toBe("not_found");

      // A stranger's key: exactly like a missing post.
      const stranger = await createKey(await signIn(), { scopes: ["read", "publish"] });
      expect((await expectError(await v1(stranger.key, "POST", `/api/v1/posts/${post}/review`, { decision: "approve" }), 404)).code).toBe("not_found");

      expect((await readPost(post))!.status).toBe("in_review");
      expect(await comments()).toBe(0);
    },
  );
});
