// The open platform end to end (decision 210, "Done when"): a key made in settings uploads an image
// by URL, creates a two-network post with an Idempotency-Key (twice: one post per network), reads
// it, and after the sandbox publishes it a local receiver gets `post.published` with a valid
// Brandpilot-Signature; revoking the key makes the next call 401. Then the delivery rules:
// retries with backoff, failing after 24 hours with the Owner mailed, and "Resend".
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MediaInfo, Post } from "../../schema/api/posts";
import type { DeliveryDto, WebhookPayload } from "../../schema/api/webhooks";
import { app } from "../../worker/app";
import { deliver, RETRY_WINDOW_MS } from "../../worker/services/api/webhooks/deliver";
import { createKey, v1 } from "./api-key-helpers";
import { expectError, json, ORIGIN, signIn } from "./helpers";
import { connectNetwork } from "./network-helpers";
import { waitFor } from "./posts-fixtures";
import { connectAccount } from "./social-helpers";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const fakes = new URL(env.FAKES_URL);

/** The README's check: recompute the HMAC of "t.body" with the secret and compare. */
async function validSignature(header: string, body: string, secret: string): Promise<boolean> {
  const parts = Object.fromEntries(header.split(",").map((kv) => kv.split("=") as [string, string]));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${parts.t}.${body}`)));
  const hex = [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
  return hex === parts.v1 && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

async function receivedAt(name: string): Promise<{ headers: Record<string, string>; body: string }[]> {
  return (await (await fetch(`${env.FAKES_URL}/webhook-receiver/_received/${name}`)).json()) as { headers: Record<string, string>; body: string }[];
}

describe("open platform flow", () => {
  it("key -> image by URL -> idempotent two-network post -> read -> signed post.published -> revoke", { timeout: 60_000 }, async () => {
    const user = await signIn();
    await connectAccount(user, "twitter");
    await connectNetwork(user, "mastodon");
    const key = await createKey(user, { name: "Flow", scopes: ["read", "write_posts", "publish"] });

    // The image by URL, through the SSRF-safe fetcher (the fake web server is allowlisted as in the demo).
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const upload = await app.fetch(
      new Request(`${ORIGIN}/api/v1/projects/${user.projectId}/media`, {
        method: "POST",
        headers: { authorization: `Bearer ${key.key}`, "content-type": "application/json" },
        body: JSON.stringify({ url: `${env.FAKES_URL}/web/photo.png` }),
      }),
      { ...env, SCRAPE_ALLOW_HOSTS: fakes.host },
      ctx,
    );
    expect(upload.status).toBe(201);
    const media = (await upload.json()) as MediaInfo;
    expect(media.file_type).toBe("image/png");
    // A loopback address is refused without the allowlist (the fetcher's rules hold).
    expect(
      (await expectError(await v1(key.key, "POST", `/api/v1/projects/${user.projectId}/media`, { url: `${env.FAKES_URL}/web/photo.png` }), 400)).code,
    ).toBe("invalid_input");

    // A webhook for post.published, to the local receiver.
    const receiver = `flow-${crypto.randomUUID().slice(0, 8)}`;
    const hook = await json(user, "POST", `/api/projects/${user.projectId}/webhooks`, {
      url: `${env.FAKES_URL}/webhook-receiver/${receiver}`,
      events: ["post.published"],
    });
    expect(hook.status).toBe(201);
    const { secret } = (await hook.json()) as { secret: string };

    const body = {
      content: "Summer roast is here",
      networks: ["twitter", "mastodon"],
      variants: [{ platform: "mastodon", content: "Summer roast is here, fediverse" }],
      scheduled_for: inDays(1),
      mode: "schedule",
      media_info: media,
    };
    const path = `/api/v1/projects/${user.projectId}/posts`;
    const first = ((await (await v1(key.key, "POST", path, body, { "idempotency-key": "summer-1" })).json()) as { data: Post[] }).data;
    const second = ((await (await v1(key.key, "POST", path, body, { "idempotency-key": "summer-1" })).json()) as { data: Post[] }).data;
    expect(second.map((p) => p.id)).toEqual(first.map((p) => p.id));
    const n = await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(user.projectId).first<{ n: number }>();
    expect(n!.n).toBe(2);

    const tweet = first.find((p) => p.platform === "twitter")!;
    const read = (await (await v1(key.key, "GET", `/api/v1/posts/${tweet.id}`)).json()) as Post;
    expect(read.media_info?.url).toBe(media.url);

    expect((await v1(key.key, "POST", `/api/v1/posts/${tweet.id}/publish`)).status).toBe(200);
    const [delivery] = await waitFor(
      async () => {
        const got = await receivedAt(receiver);
        return got.length ? got : null;
      },
      20_000,
      100,
    );
    const payload = JSON.parse(delivery!.body) as WebhookPayload;
    expect(payload.type).toBe("post.published");
    expect(payload.data.post_id).toBe(tweet.id);
    expect(payload.id).toMatch(/^evt_/);
    expect(await validSignature(delivery!.headers["brandpilot-signature"]!, delivery!.body, secret)).toBe(true);
    expect(await validSignature(delivery!.headers["brandpilot-signature"]!, delivery!.body.replace("post.published", "post.failed"), secret)).toBe(false);

    expect((await json(user, "DELETE", `/api/account/api-keys/${key.id}`)).status).toBe(200);
    expect((await expectError(await v1(key.key, "GET", `/api/v1/posts/${tweet.id}`), 401)).code).toBe("unauthorized");
  });

  it(
    "retries a failed delivery with backoff, fails it after 24 hours (endpoint failing, Owner mailed), and Resend sends it again",
    { timeout: 30_000 },
    async () => {
      const user = await signIn();
      const receiver = `retry-${crypto.randomUUID().slice(0, 8)}`;
      const res = await json(user, "POST", `/api/projects/${user.projectId}/webhooks`, {
        url: `${env.FAKES_URL}/webhook-receiver/${receiver}`,
        events: ["post.failed"],
      });
      const hook = (await res.json()) as { id: string };
      // A delivery row as emitEvent writes it (sent straight to `deliver`, not through the queue, to control time).
      const deliveryId = crypto.randomUUID();
      const now = Date.now();
      const payload = JSON.stringify({ id: "evt_test", type: "post.failed", created_at: new Date(now).toISOString(), project_id: user.projectId, data: {} });
      await env.DB.prepare(
        "insert into webhook_deliveries (id, webhook_id, project_id, event_id, event, payload, status, attempts, created_at) values (?, ?, ?, 'evt_test', 'post.failed', ?, 'pending', 0, ?)",
      )
        .bind(deliveryId, hook.id, user.projectId, payload, now)
        .run();
      await fetch(`${env.FAKES_URL}/webhook-receiver/_control/${receiver}`, { method: "POST", body: JSON.stringify({ status: 500, times: 3 }) });

      expect(await deliver(env, { deliveryId }, now)).toEqual({ action: "retry", delaySeconds: 30 });
      expect(await deliver(env, { deliveryId }, now + 30_000)).toEqual({ action: "retry", delaySeconds: 120 });
      const log = (await (await json(user, "GET", `/api/webhooks/${hook.id}/deliveries`)).json()) as DeliveryDto[];
      expect(log[0]).toMatchObject({ status: "pending", attempts: 2, response_code: 500 });

      // 24 hours on: the next failure is final.
      expect(await deliver(env, { deliveryId }, now + RETRY_WINDOW_MS)).toEqual({ action: "ack" });
      const failed = (await (await json(user, "GET", `/api/webhooks/${hook.id}/deliveries`)).json()) as DeliveryDto[];
      expect(failed[0]).toMatchObject({ status: "failed", attempts: 3, response_code: 500 });
      const hooks = (await (await json(user, "GET", `/api/projects/${user.projectId}/webhooks`)).json()) as { status: string }[];
      expect(hooks[0]!.status).toBe("failing");
      const mail = await env.DB.prepare('select subject from mail_outbox where "to" = ?').bind(user.email).all<{ subject: string }>();
      expect(mail.results.map((m) => m.subject)).toEqual(["Webhook failing for My First Project"]);

      // Resend: a new delivery of the same event, which now succeeds and marks the endpoint active.
      const resent = await json(user, "POST", `/api/webhook-deliveries/${deliveryId}/resend`);
      expect(resent.status).toBe(202);
      const again = (await resent.json()) as DeliveryDto;
      expect(again.event_id).toBe("evt_test");
      await waitFor(
        async () => {
          const row = await env.DB.prepare("select status from webhook_deliveries where id = ?").bind(again.id).first<{ status: string }>();
          return row?.status === "succeeded";
        },
        15_000,
        100,
      );
      const active = (await (await json(user, "GET", `/api/projects/${user.projectId}/webhooks`)).json()) as { status: string }[];
      expect(active[0]!.status).toBe("active");
    },
  );

  it("refuses a bad endpoint or no events, and another user's webhook is 404", async () => {
    const user = await signIn();
    const stranger = await signIn();
    expect(
      (await expectError(await json(user, "POST", `/api/projects/${user.projectId}/webhooks`, { url: "ftp://x.example", events: ["post.failed"] }), 400)).fields
        ?.url,
    ).toBe("Enter the https:// address of your endpoint");
    expect(
      (await expectError(await json(user, "POST", `/api/projects/${user.projectId}/webhooks`, { url: "https://hooks.example.com/in", events: [] }), 400)).fields
        ?.events,
    ).toBe("Choose at least one event");
    const res = await json(user, "POST", `/api/projects/${user.projectId}/webhooks`, { url: "https://hooks.example.com/in", events: ["post.failed"] });
    const hook = (await res.json()) as { id: string; secret: string };
    expect(hook.secret).toMatch(/^whsec_/);
    const row = await env.DB.prepare("select secret from webhooks where id = ?").bind(hook.id).first<{ secret: string }>();
    expect(row!.secret).not.toContain(hook.secret);
    await expectError(await json(stranger, "GET", `/api/webhooks/${hook.id}/deliveries`), 404);
    await expectError(await json(stranger, "DELETE", `/api/webhooks/${hook.id}`), 404);
    expect((await json(user, "DELETE", `/api/webhooks/${hook.id}`)).status).toBe(204);
  });
});
