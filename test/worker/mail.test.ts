import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { mailAdapter } from "../../worker/adapters/mail";
import { httpMail } from "../../worker/adapters/mail/http";
import { MailError } from "../../worker/adapters/mail/types";
import { getDb } from "../../worker/lib/db";
import { call, expectError, ORIGIN, PROD_ORIGIN, productionEnv } from "./helpers";
import { outbox, post, randomEmail } from "./auth-helpers";

const FAKE_KEY = "test-mail-key";
type Sent = { from: string; to: string[]; subject: string; text: string; html?: string; authorization: string };
const sentTo = async (to: string) => (await (await fetch(`${env.FAKES_URL}/mail/_sent?to=${encodeURIComponent(to)}`)).json()) as Sent[];

describe("HTTP mail adapter (against the local fake)", () => {
  const config = () => ({ url: `${env.FAKES_URL}/mail/emails`, apiKey: FAKE_KEY, from: "Brandpilot <no-reply@test>" });

  it("POSTs Resend-style JSON with the bearer key", async () => {
    const to = randomEmail("http");
    await httpMail(config()).send({ to, subject: "Hello", text: "Body https://x.test/a", html: "<p>Body</p>" });
    const sent = await sentTo(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: "Brandpilot <no-reply@test>", to: [to], subject: "Hello", text: "Body https://x.test/a", html: "<p>Body</p>" });
    expect(sent[0]!.authorization).toBe(`Bearer ${FAKE_KEY}`);
  });

  it("turns a non-2xx answer into a MailError", async () => {
    await expect(httpMail({ ...config(), apiKey: "wrong" }).send({ to: randomEmail(), subject: "s", text: "t" })).rejects.toBeInstanceOf(MailError);
    await expect(httpMail(config()).send({ to: "fail-1@example.com", subject: "s", text: "t" })).rejects.toThrow(/500/);
  });

  it("turns a network failure into a MailError", async () => {
    const offline = (async () => {
      throw new TypeError("Network connection lost.");
    }) as typeof fetch;
    await expect(httpMail({ ...config(), fetch: offline }).send({ to: randomEmail(), subject: "s", text: "t" })).rejects.toBeInstanceOf(MailError);
  });

  it("is chosen when MAIL_API_URL and MAIL_API_KEY are set, otherwise the outbox", () => {
    const db = getDb(env.DB);
    expect(mailAdapter(env, db).kind).toBe("outbox");
    expect(mailAdapter({ ...env, MAIL_API_URL: "http://x", MAIL_API_KEY: "k" }, db).kind).toBe("http");
  });

  it("auth endpoints send through it when configured; a failing mail API answers 502 with the spec's text", async () => {
    const mailEnv = { ...env, MAIL_API_URL: `${env.FAKES_URL}/mail/emails`, MAIL_API_KEY: FAKE_KEY };
    const req = (path: string, body: unknown) =>
      app.request(
        `${ORIGIN}${path}`,
        { method: "POST", headers: { origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": "10.77.0.1" }, body: JSON.stringify(body) },
        mailEnv,
      );
    const email = randomEmail("viaapi");
    expect((await req("/api/auth/magic-link", { email })).status).toBe(200);
    const sent = await sentTo(email);
    expect(sent.at(-1)?.text).toMatch(new RegExp(`${ORIGIN}/login\\?magic=`));
    expect(await outbox(email)).toHaveLength(0);
    const fail = await req("/api/auth/magic-link", { email: "fail-2@example.com" });
    const err = await expectError(fail, 502);
    expect(err.message).toBe("Failed to send magic link");
    const session = (await (await app.request(`${ORIGIN}/api/auth/session`, {}, mailEnv)).json()) as { auth: { devOutbox: boolean } };
    expect(session.auth.devOutbox).toBe(false);
  });
});

describe("/dev/outbox", () => {
  it("lists mail as readable HTML with clickable links", async () => {
    const email = randomEmail("outbox");
    await post("/api/auth/magic-link", { email });
    const res = await call("/dev/outbox");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain(email);
    expect(html).toMatch(new RegExp(`<a href="${ORIGIN}/login\\?magic=[A-Za-z0-9_%-]+">`));
    const json = (await (await call("/dev/outbox?format=json")).json()) as { to: string }[];
    expect(json.some((m) => m.to === email)).toBe(true);
  });

  it("escapes HTML in mail", async () => {
    await env.DB.prepare('insert into mail_outbox (id, "to", subject, text, created_at) values (?, ?, ?, ?, ?)')
      .bind(crypto.randomUUID(), "x@example.com", "<script>alert(1)</script>", "hi", Date.now())
      .run();
    const html = await (await call("/dev/outbox")).text();
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("answers 404 in production", async () => {
    const res = await app.request(`${PROD_ORIGIN}/dev/outbox`, {}, productionEnv());
    await expectError(res, 404);
    // ... and whenever APP_ENV is anything but an explicit "development" or "test" (production is the default).
    for (const APP_ENV of [undefined, "", "Development", "staging"]) {
      await expectError(await app.request(`${PROD_ORIGIN}/dev/outbox`, {}, productionEnv({ APP_ENV })), 404);
    }
  });
});
