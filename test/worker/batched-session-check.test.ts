// The calendar week and dashboard check the built-in session inside their own read batch
// (worker/lib/caller.ts ownerProbes, decision 162) instead of through the auth adapter. That check
// must refuse exactly what the adapter refuses: here, a live session of an account whose email is
// not verified (decision 131: no access before verification) gets 401 on the batched reads just as on
// the adapter's routes, and nothing of its project is answered.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn, type TestUser } from "./helpers";
import { insertPost } from "./posts-fixtures";

let user: TestUser;

function weekQuery() {
  const from = new Date(Date.now() - 3 * 86_400_000);
  const to = new Date(Date.now() + 4 * 86_400_000);
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
}
const batchedReads = () => [
  `/api/projects/${user.projectId}/posts?${weekQuery()}`,
  `/api/projects/${user.projectId}/calendar?${weekQuery()}`, // the calendar page's read (decision 171)
  `/api/projects/${user.projectId}/dashboard`,
];
const setVerified = (verified: boolean) =>
  env.DB.prepare("update users set email_verified = ? where id = ?")
    .bind(verified ? 1 : 0, user.userId)
    .run();

beforeAll(async () => {
  user = await signIn();
  await insertPost(user.projectId, { scheduledFor: Date.now() + 3_600_000, status: "scheduled", content: "Secret launch plan" });
});

describe("batched session check (calendar week, dashboard)", () => {
  it("answers a verified account's session (the control)", async () => {
    await setVerified(true);
    for (const path of batchedReads()) {
      const res = await call(path, { headers: { cookie: user.cookie } });
      expect(res.status, path).toBe(200);
    }
  });

  it("refuses a live session of an unverified account with 401, like the adapter, and leaks nothing", async () => {
    await setVerified(false);
    // The adapter's verdict on the same cookie, for comparison.
    const viaAdapter = await call("/api/projects", { headers: { cookie: user.cookie } });
    expect(viaAdapter.status).toBe(401);
    for (const path of batchedReads()) {
      const res = await call(path, { headers: { cookie: user.cookie } });
      const text = await res.text();
      expect(res.status, `${path}: ${text}`).toBe(401);
      expect(text).not.toContain("Secret launch plan");
      expect(text).not.toContain("total_posts");
    }
    // The session row itself is untouched: verifying the address makes the same cookie work again.
    await setVerified(true);
    const again = await call(batchedReads()[2]!, { headers: { cookie: user.cookie } });
    expect(again.status).toBe(200);
  });
});
