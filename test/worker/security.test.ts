// Secure by default (decision 131): production fails closed, security headers, body caps, SSRF by
// hostname and after redirects, no account use before verification, bounded unpacking, equal
// work for existing and unknown addresses, throttling per address and source, full deletion,
// and the scheduling window.
import { env } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import { checkUrl, isBlockedAddress, parseAllowHosts, SAFE_FETCH_MESSAGES, safeFetchText, scrapeOptions } from "../../worker/lib/safe-fetch";
import { inflateEntryBounded, ZIP_LIMITS, ZipBoundsError } from "../../worker/lib/zip-bounds";
import { extractText, EXTRACT_MESSAGES } from "../../worker/services/brain/extract";
import { call, expectError, json, ORIGIN, PROD_ORIGIN, productionEnv, signIn } from "./helpers";
import { connectAccount } from "./posts-fixtures";
import { lastLink, outbox, post, randomEmail, randomIp, sessionCookieOf, sessionOf, signUpAndLogin, signUpVerified } from "./auth-helpers";

afterEach(() => vi.restoreAllMocks());

describe("production is the default and fails closed", () => {
  const bare = {
    ...env,
    APP_ENV: "production",
    APP_ORIGIN: undefined,
    TOKEN_ENCRYPTION_KEY: undefined,
    MAIL_API_URL: undefined,
    MAIL_API_KEY: undefined,
    MAIL_FROM: undefined,
  };

  it("refuses to run without its secrets and APP_ORIGIN: a clear message at /api/health and in the log", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const APP_ENV of ["production", undefined, "prod"]) {
      const res = await app.request(`${PROD_ORIGIN}/api/health`, {}, { ...bare, APP_ENV });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { ok: boolean; error: { code: string; message: string } };
      expect(body.ok).toBe(false);
      expect(body.error.code).toBe("not_configured");
      for (const name of ["APP_ORIGIN", "TOKEN_ENCRYPTION_KEY", "MAIL_API_URL"]) expect(body.error.message).toContain(name);
    }
    expect(log.mock.calls.some(([m]) => String(m).includes("TOKEN_ENCRYPTION_KEY"))).toBe(true);
    // Every other route refuses too: nothing runs half-configured (no sign-up, no dev outbox).
    await expectError(
      await app.request(
        `${PROD_ORIGIN}/api/auth/signup`,
        {
          method: "POST",
          headers: { origin: PROD_ORIGIN, "content-type": "application/json" },
          body: JSON.stringify({ email: randomEmail(), password: "secret123" }),
        },
        bare,
      ),
      503,
    );
    expect((await app.request(`${PROD_ORIGIN}/dev/outbox`, {}, bare)).status).toBe(503);
    // A plain-http or malformed origin and a short key count as missing.
    const weak = await app.request(`${PROD_ORIGIN}/api/health`, {}, productionEnv({ APP_ORIGIN: "http://app.example.test", TOKEN_ENCRYPTION_KEY: "short" }));
    const msg = ((await weak.json()) as { error: { message: string } }).error.message;
    expect(msg).toContain("APP_ORIGIN");
    expect(msg).toContain("TOKEN_ENCRYPTION_KEY");
    expect(msg).not.toContain("MAIL_API_URL");
  });

  it("runs once configured: health ok, no /dev routes, Secure cookies", async () => {
    const prod = productionEnv();
    const res = await app.request(`${PROD_ORIGIN}/api/health`, {}, prod);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, ai: { provider: "local" } });
    expect((await app.request(`${PROD_ORIGIN}/dev/outbox`, {}, prod)).status).toBe(404);
    const logout = await app.request(`${PROD_ORIGIN}/api/auth/logout`, { method: "POST", headers: { origin: PROD_ORIGIN } }, prod);
    expect(logout.headers.get("set-cookie")).toContain("; Secure");
    // Clerk instead of a mail API is also complete.
    const clerk = await app.request(`${PROD_ORIGIN}/api/health`, {}, productionEnv({ MAIL_API_URL: undefined, CLERK_JWT_KEY: "-----BEGIN PUBLIC KEY-----x" }));
    expect(clerk.status).toBe(200);
  });

  it("builds mail links from APP_ORIGIN only, never from a spoofed Host", async () => {
    const { email } = await signUpVerified();
    const res = await app.request(
      "https://attacker.example/api/auth/reset-password",
      {
        method: "POST",
        headers: { origin: PROD_ORIGIN, host: "attacker.example", "content-type": "application/json", "cf-connecting-ip": randomIp() },
        body: JSON.stringify({ email }),
      },
      productionEnv(),
    );
    expect(res.status).toBe(200);
    const sent = (await (await fetch(`${env.FAKES_URL}/mail/_sent?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
    const text = sent.at(-1)?.text ?? "";
    expect(text).toContain(`${PROD_ORIGIN}/auth/update-password?token=`);
    expect(text).not.toContain("attacker.example");
  });
});

describe("security headers", () => {
  const expectHeaders = (res: Response, hsts: boolean) => {
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    if (hsts) expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
    else expect(res.headers.get("strict-transport-security")).toBeNull();
  };

  it("are on every Worker response (JSON, HTML, errors, dev pages); HSTS only in production", async () => {
    for (const path of ["/api/health", "/api/docs", "/api/nope", "/dev/outbox", "/api/auth/session"]) expectHeaders(await call(path), false);
    const u = await signIn();
    expectHeaders(await json(u, "POST", `/api/projects/${u.projectId}/posts`, { content: "" }), false);
    for (const path of ["/api/health", "/api/nope"]) expectHeaders(await app.request(`${PROD_ORIGIN}${path}`, {}, productionEnv()), true);
  });

  it("keep Worker answers same-site, but let post media be embedded by other sites (networks, the sandbox page)", async () => {
    expect((await call("/api/health")).headers.get("cross-origin-resource-policy")).toBe("same-site");
    const media = await call("/media/unknown-key-0123456789abcdef");
    expectHeaders(media, false);
    expect(media.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });
});

describe("JSON body caps", () => {
  it("answers 413 before parsing an oversized body, and stores nothing", async () => {
    const u = await signIn();
    const huge = JSON.stringify({ content: "x".repeat(200 * 1024), platform: "twitter", mode: "now" });
    const err = await expectError(await call(`/api/projects/${u.projectId}/posts`, { method: "POST", headers: u.headers, body: huge }), 413);
    expect(err.code).toBe("too_large");
    expect(err.message).toBe("The request body is too large (max 64 KB)");
    const n = await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(u.projectId).first<{ n: number }>();
    expect(n?.n).toBe(0);
    // Sign-in bodies are small too.
    await expectError(await post("/api/auth/login", { email: randomEmail(), password: "p".repeat(100 * 1024) }), 413);
  });
});

describe("SSRF: hostnames are resolved and checked before every request", () => {
  const fakes = new URL(env.FAKES_URL);
  const opts = (extra: Partial<typeof env> = {}) => scrapeOptions({ ...env, ...extra });

  it("refuses hostnames that resolve to loopback, private, metadata or mapped addresses", async () => {
    for (const host of ["loopback.example.test", "metadata.example.test", "v6loop.example.test", "mapped.example.test", "mixed.example.test"]) {
      await expect(safeFetchText(`http://${host}:${fakes.port}/web/brand.html`, opts())).rejects.toThrow(SAFE_FETCH_MESSAGES.blocked);
    }
    await expect(safeFetchText("http://no-such-name.example.test/", opts())).rejects.toThrow(SAFE_FETCH_MESSAGES.unresolved);
  });

  it("refuses a redirect to a hostname that resolves to a private address", async () => {
    const o = { ...opts(), allowHosts: parseAllowHosts(fakes.host) };
    const to = `${env.FAKES_URL}/web/redirect?to=${encodeURIComponent("http://metadata.example.test/latest/meta-data/")}`;
    await expect(safeFetchText(to, o)).rejects.toThrow(SAFE_FETCH_MESSAGES.blocked);
    const toLoop = `${env.FAKES_URL}/web/redirect?to=${encodeURIComponent(`http://loopback.example.test:${fakes.port}/dev/outbox`)}`;
    await expect(safeFetchText(toLoop, o)).rejects.toThrow(SAFE_FETCH_MESSAGES.blocked);
  });

  it("refuses the app's own origin even when it resolves to a public address or is allowlisted", async () => {
    const o = scrapeOptions({ ...productionEnv() }, `${PROD_ORIGIN}/api/projects/x/brain/documents`);
    await expect(safeFetchText(`${PROD_ORIGIN}/dev/outbox?format=json`, o)).rejects.toThrow(SAFE_FETCH_MESSAGES.blocked);
    await expect(safeFetchText("http://app.example.test:8080/", o)).rejects.toThrow(SAFE_FETCH_MESSAGES.blocked);
    // Locally the app's own host:port is refused even if someone allowlists it.
    const local = scrapeOptions({ ...env, SCRAPE_ALLOW_HOSTS: fakes.host }, `${env.FAKES_URL}/api/x`);
    expect(() => checkUrl(`${env.FAKES_URL}/dev/outbox`, local.allowHosts, local.selfHosts)).toThrow(SAFE_FETCH_MESSAGES.blocked);
  });

  it("ignores SCRAPE_ALLOW_HOSTS in production", () => {
    expect(scrapeOptions(productionEnv({ SCRAPE_ALLOW_HOSTS: fakes.host })).allowHosts.size).toBe(0);
    expect(scrapeOptions({ ...env, SCRAPE_ALLOW_HOSTS: fakes.host }).allowHosts.has(fakes.host)).toBe(true);
  });

  it("classifies resolver answers", () => {
    for (const ip of ["127.0.0.1", "10.0.0.1", "169.254.169.254", "100.64.1.1", "::1", "fe80::1", "::ffff:127.0.0.1", "fd00::1", "not-an-ip"])
      expect(isBlockedAddress(ip)).toBe(true);
    for (const ip of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"]) expect(isBlockedAddress(ip)).toBe(false);
  });

  it("the brain route refuses a hostname resolving to 127.0.0.1 and stores nothing", async () => {
    const u = await signIn();
    const res = await json(u, "POST", `/api/projects/${u.projectId}/brain/documents`, { url: `http://loopback.example.test:${fakes.port}/web/brand.html` });
    const err = await expectError(res, 400);
    expect(err.fields?.url).toBe(SAFE_FETCH_MESSAGES.blocked);
    const n = await env.DB.prepare("select count(*) as n from brain_documents where project_id = ?").bind(u.projectId).first<{ n: number }>();
    expect(n?.n).toBe(0);
  });
});

describe("no account use before verification (pre-registration takeover)", () => {
  it("an attacker who signs up with someone's address gets no session, and the owner's magic link ends the attacker's password", async () => {
    const victim = randomEmail("victim");
    expect((await post("/api/auth/signup", { email: victim, password: "attacker-pw" })).status).toBe(201);
    await expectError(await post("/api/auth/login", { email: victim, password: "attacker-pw" }), 403);
    // A session row from before this rule (or any other path) is not usable while unverified.
    const user = await env.DB.prepare("select id from users where email = ?").bind(victim).first<{ id: string }>();
    const legacyToken = "legacy-" + crypto.randomUUID();
    const { sha256Hex } = await import("../../worker/lib/ids");
    await env.DB.prepare("insert into sessions (id, user_id, created_at, expires_at) values (?, ?, ?, ?)")
      .bind(await sha256Hex(legacyToken), user!.id, Date.now(), Date.now() + 86_400_000)
      .run();
    expect((await sessionOf(`bp_session=${legacyToken}`)).user).toBeNull();
    // The owner signs in by magic link.
    expect((await post("/api/auth/magic-link", { email: victim })).status).toBe(200);
    const owner = await post("/api/auth/magic-link/verify", { token: (await lastLink(victim)).searchParams.get("magic") });
    expect(owner.status).toBe(200);
    expect((await sessionOf(sessionCookieOf(owner))).user?.email).toBe(victim);
    // The attacker's password and session are gone; the old verification link is dead.
    await expectError(await post("/api/auth/login", { email: victim, password: "attacker-pw" }), 401);
    expect(
      await env.DB.prepare("select count(*) as n from sessions where id = ?")
        .bind(await sha256Hex(legacyToken))
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });
    const firstVerifyLink = (await outbox(victim))[0]!.text.match(/magic=([^\s&]+)/)![1]!;
    await expectError(await post("/api/auth/magic-link/verify", { token: decodeURIComponent(firstVerifyLink) }), 400);
  });

  it("a later sign-up replaces the pending password and voids the earlier verification link", async () => {
    const email = randomEmail("race");
    await post("/api/auth/signup", { email, password: "attacker-pw" });
    const attackerLink = (await lastLink(email)).searchParams.get("magic");
    await post("/api/auth/signup", { email, password: "owner-pw1" });
    const ownerLink = (await lastLink(email)).searchParams.get("magic");
    await expectError(await post("/api/auth/magic-link/verify", { token: attackerLink }), 400);
    expect((await post("/api/auth/magic-link/verify", { token: ownerLink })).status).toBe(200);
    expect((await post("/api/auth/login", { email, password: "owner-pw1" })).status).toBe(200);
    await expectError(await post("/api/auth/login", { email, password: "attacker-pw" }), 401);
  });

  it("offers to send the verification mail again, with the same answer for every address", async () => {
    const email = randomEmail("resend");
    await post("/api/auth/signup", { email, password: "secret123" });
    for (const who of [email, randomEmail("nobody")]) {
      const res = await post("/api/auth/verify-email", { email: who });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, message: "Check your email for the verification link" });
    }
    expect((await outbox(email)).at(-1)?.subject).toBe("Verify your Brandpilot email");
    expect((await post("/api/auth/magic-link/verify", { token: (await lastLink(email)).searchParams.get("magic") })).status).toBe(200);
    expect((await post("/api/auth/login", { email, password: "secret123" })).status).toBe(200);
  });
});

describe("bounded unpacking (zip bombs)", () => {
  const docx = (xml: Uint8Array) => zipSync({ "[Content_Types].xml": strToU8("<Types/>"), "word/document.xml": xml }, { level: 9 });
  /** Rewrites every central-directory uncompressed size to `size`: a bomb that lies about itself. */
  const lie = (zip: Uint8Array, size: number) => {
    const out = zip.slice();
    const view = new DataView(out.buffer);
    for (let i = 0; i + 46 <= out.length; i++) if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
    return out;
  };
  const bomb = docx(new Uint8Array(ZIP_LIMITS.maxEntryBytes + 8 * 1024 * 1024)); // ~40 MiB of zeros in ~40 KB

  it("stops inflating as soon as the real output passes the cap, even when the directory lies", () => {
    expect(bomb.length).toBeLessThan(200 * 1024);
    let caught: unknown;
    try {
      inflateEntryBounded(lie(bomb, 1000), "word/document.xml");
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ZipBoundsError);
    const e = caught as ZipBoundsError;
    expect(e.reason).toBe("too_large");
    // Memory stayed bounded: never more than the cap plus one feed step's expansion was produced.
    expect(e.inflated).toBeGreaterThan(ZIP_LIMITS.maxEntryBytes);
    expect(e.inflated).toBeLessThanOrEqual(ZIP_LIMITS.maxEntryBytes + 5 * 1024 * 1024);
  });

  it("the brain refuses it with a clear message, and a directory declaring too much is refused unread", async () => {
    await expect(extractText("bomb.docx", lie(bomb, 1000))).rejects.toThrow(EXTRACT_MESSAGES.docxTooLarge);
    await expect(extractText("bomb.docx", bomb)).rejects.toThrow(EXTRACT_MESSAGES.docxTooLarge);
    const many = zipSync(Object.fromEntries(Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => [`word/f${i}.xml`, strToU8("x")])));
    await expect(extractText("many.docx", many)).rejects.toThrow(EXTRACT_MESSAGES.docxTooLarge);
    const ok = await extractText("fine.docx", docx(strToU8("<w:p><w:t>Hello brand</w:t></w:p>")));
    expect(ok.text).toBe("Hello brand");
  });

  it("the wizard and the brain upload answer 400 and store nothing", async () => {
    const u = await signIn();
    const fd = new FormData();
    for (const [k, v] of Object.entries({ name: "Bomb Co", industry: "technology", brand_voice: "casual", description: "A brand with a dangerous document" }))
      fd.append(k, v);
    fd.append("documents", new File([lie(bomb, 1000)], "brand.docx"));
    const err = await expectError(await call("/api/projects", { method: "POST", headers: { cookie: u.cookie, origin: ORIGIN }, body: fd }), 400);
    expect(err.fields?.["documents.0"]).toBe("brand.docx unpacks to too much data (a DOCX may hold at most 64 MB uncompressed)");
    expect(await env.DB.prepare("select count(*) as n from projects where user_id = ?").bind(u.userId).first<{ n: number }>()).toEqual({ n: 1 });
    const brain = new FormData();
    brain.append("file", new File([lie(bomb, 1000)], "brand.docx"));
    const res = await call(`/api/projects/${u.projectId}/brain/documents`, { method: "POST", headers: { cookie: u.cookie, origin: ORIGIN }, body: brain });
    expect((await expectError(res, 400)).message).toBe(EXTRACT_MESSAGES.docxTooLarge);
    expect(await env.DB.prepare("select count(*) as n from brain_documents where project_id = ?").bind(u.projectId).first<{ n: number }>()).toEqual({ n: 0 });
  });
});

describe("same work and time whether an address exists or not", () => {
  const SAMPLES = 30;
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
  };
  /**
   * Probability that a sample of `a` is slower than one of `b` (Mann-Whitney's U / n·m, ties half):
   * 0.5 for the same distribution, near 0 or 1 when one side is consistently faster. Rank-based,
   * so a few slow outliers on a busy machine cannot move it much. With 30 + 30 samples its spread
   * under equal distributions is about 0.075, so 0.5 ± 0.3 is four of those.
   */
  const slowerShare = (a: number[], b: number[]) => {
    let wins = 0;
    for (const x of a) for (const y of b) wins += x > y ? 1 : x === y ? 0.5 : 0;
    return wins / (a.length * b.length);
  };
  async function timed(fn: () => Promise<Response>): Promise<number> {
    const t = performance.now();
    const res = await fn();
    expect(res.status).toBeLessThan(300);
    await res.arrayBuffer();
    return performance.now() - t;
  }
  /** Interleaved samples, so machine load hits both sides alike; compared by rank, not by absolute time. */
  async function compare(a: (i: number) => Promise<Response>, b: (i: number) => Promise<Response>) {
    const ta: number[] = [];
    const tb: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      ta.push(await timed(() => a(i)));
      tb.push(await timed(() => b(i)));
    }
    const result = { share: slowerShare(ta, tb), medianA: median(ta), medianB: median(tb) };
    console.info(
      "timing parity:",
      JSON.stringify(result, (_k, v: unknown) => (typeof v === "number" ? Math.round(v * 100) / 100 : v)),
    );
    return result;
  }

  it("sign-up, reset and magic link: one mail each, and timing within noise over 30 samples", async () => {
    // Workerd's clock only moves on I/O, and every branch here does I/O (D1, mail), so the
    // measured durations are real; the comparison is relative, never an absolute limit.
    const existing: string[] = [];
    for (let i = 0; i < SAMPLES; i++) existing.push((await signUpVerified(randomEmail("exists"))).email);
    const fresh = Array.from({ length: SAMPLES }, () => randomEmail("fresh"));

    const before = await Promise.all([...existing, ...fresh].map(async (e) => (await outbox(e)).length));
    const signup = await compare(
      (i) => post("/api/auth/signup", { email: existing[i], password: "other-pw1" }),
      (i) => post("/api/auth/signup", { email: fresh[i], password: "other-pw1" }),
    );
    const after = await Promise.all([...existing, ...fresh].map(async (e) => (await outbox(e)).length));
    expect(after.map((n, i) => n - before[i]!)).toEqual(Array(SAMPLES * 2).fill(1));
    expect(signup.share, JSON.stringify(signup)).toBeGreaterThanOrEqual(0.2);
    expect(signup.share, JSON.stringify(signup)).toBeLessThanOrEqual(0.8);

    const ghosts = Array.from({ length: SAMPLES }, () => randomEmail("ghost"));
    const reset = await compare(
      (i) => post("/api/auth/reset-password", { email: existing[i] }),
      (i) => post("/api/auth/reset-password", { email: ghosts[i] }),
    );
    expect(reset.share, JSON.stringify(reset)).toBeGreaterThanOrEqual(0.2);
    expect(reset.share, JSON.stringify(reset)).toBeLessThanOrEqual(0.8);
    for (const g of ghosts) expect(await outbox(g)).toHaveLength(1);

    const newcomers = Array.from({ length: SAMPLES }, () => randomEmail("new"));
    const magic = await compare(
      (i) => post("/api/auth/magic-link", { email: existing[i] }),
      (i) => post("/api/auth/magic-link", { email: newcomers[i] }),
    );
    expect(magic.share, JSON.stringify(magic)).toBeGreaterThanOrEqual(0.2);
    expect(magic.share, JSON.stringify(magic)).toBeLessThanOrEqual(0.8);
  }, 120_000);
});

describe("throttling and deletion", () => {
  it("failed sign-ins from one source do not lock out the owner elsewhere", async () => {
    const { email, password } = await signUpAndLogin();
    const attacker = { "cf-connecting-ip": randomIp() };
    for (let i = 0; i < 12; i++) await post("/api/auth/login", { email, password: "guess-" + i }, attacker);
    await expectError(await post("/api/auth/login", { email, password }, attacker), 429);
    expect((await post("/api/auth/login", { email, password }, { "cf-connecting-ip": randomIp() })).status).toBe(200);
  }, 30_000);

  it("account deletion removes the rate-limit rows keyed by the address", async () => {
    const email = `o_k+${crypto.randomUUID().slice(0, 6)}@example.com`; // "_" is a LIKE wildcard: deletion must not use LIKE
    const { password } = await signUpAndLogin(email);
    await post("/api/auth/login", { email, password: "wrong-pw" });
    await post("/api/auth/reset-password", { email });
    const cookie = sessionCookieOf(await post("/api/auth/login", { email, password }));
    const count = () => env.DB.prepare("select count(*) as n from rate_limits where instr(key, ?) > 0").bind(email).first<{ n: number }>();
    expect((await count())?.n).toBeGreaterThan(0);
    const res = await call("/api/account", { method: "DELETE", headers: { cookie, origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect((await count())?.n).toBe(0);
  });
});

describe("scheduling window", () => {
  it("refuses times before yesterday or more than two years ahead, with a message", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const day = 86_400_000;
    for (const when of ["0020-06-01T10:00:00Z", "9999-01-01T00:00:00Z", at(-2 * day), at(3 * 365 * day)]) {
      const err = await expectError(
        await json(u, "POST", `/api/projects/${u.projectId}/posts`, { content: "Hello", platform: "twitter", mode: "schedule", scheduled_for: when }),
        400,
      );
      expect(err.fields?.scheduled_for).toBe("Please choose a time between yesterday and two years from now");
    }
    expect(
      (await json(u, "POST", `/api/projects/${u.projectId}/posts`, { content: "Hello", platform: "twitter", mode: "schedule", scheduled_for: at(3600_000) }))
        .status,
    ).toBe(201);
    expect(
      (await json(u, "POST", `/api/projects/${u.projectId}/posts`, { content: "Hello", platform: "twitter", mode: "schedule", scheduled_for: at(700 * day) }))
        .status,
    ).toBe(201);
  });
});
