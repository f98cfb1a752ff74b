import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "../../worker/lib/password";
import { sha256Hex } from "../../worker/lib/ids";
import { call, expectError, ORIGIN, PROD_ORIGIN, productionEnv, signIn } from "./helpers";
import { lastLink, outbox, post, randomEmail, randomIp, sessionCookieOf, sessionOf, signUpAndLogin, signUpVerified } from "./auth-helpers";

const userRow = (email: string) =>
  env.DB.prepare("select id, email, password_hash, email_verified from users where email = ?").bind(email).first<{
    id: string;
    email: string;
    password_hash: string | null;
    email_verified: number;
  }>();

describe("password hashing", () => {
  it("uses PBKDF2 with at least 100k iterations and a random salt", async () => {
    const a = await hashPassword("secret123");
    const b = await hashPassword("secret123");
    const [scheme, iterations] = a.split("$");
    expect(scheme).toBe("pbkdf2");
    expect(Number(iterations)).toBeGreaterThanOrEqual(100_000);
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(100_000);
    expect(a).not.toBe(b);
    expect(await verifyPassword("secret123", a)).toBe(true);
    expect(await verifyPassword("secret124", a)).toBe(false);
    expect(await verifyPassword("secret123", null)).toBe(false);
    expect(await verifyPassword("secret123", "garbage")).toBe(false);
  });
});

describe("signup", () => {
  it("creates the user with a hashed password and mails a verification link; sign-in waits for it", async () => {
    const email = randomEmail("Signup").toUpperCase();
    const res = await post("/api/auth/signup", { email, password: "secret123" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ ok: true, message: "Account created! Please check your email to verify your account." });
    const row = await userRow(email.toLowerCase());
    expect(row?.password_hash).toMatch(/^pbkdf2\$/);
    expect(row?.password_hash).not.toContain("secret123");
    expect(row?.email_verified).toBe(0);
    const link = await lastLink(email.toLowerCase());
    expect(link.pathname).toBe("/login");
    expect(link.searchParams.get("magic")).toBeTruthy();
    // sign-in is refused until the address is verified, with a message that says so
    const li = await post("/api/auth/login", { email: email.toLowerCase(), password: "secret123" });
    const err = await expectError(li, 403);
    expect(err).toMatchObject({
      code: "email_not_verified",
      message: "Please verify your email before signing in. Check your inbox for the verification link, or send it again.",
    });
    expect(li.headers.get("set-cookie")).toBeNull();
    // the verification link verifies the email and signs in; the sign-up's password then works
    const v = await post("/api/auth/magic-link/verify", { token: link.searchParams.get("magic") });
    expect(v.status).toBe(200);
    expect((await userRow(email.toLowerCase()))?.email_verified).toBe(1);
    expect((await post("/api/auth/login", { email: email.toLowerCase(), password: "secret123" })).status).toBe(200);
  });

  it("answers a taken email like a new one, changes nothing, and mails the owner", async () => {
    const { email } = await signUpAndLogin();
    const before = await userRow(email);
    const res = await post("/api/auth/signup", { email, password: "another123" });
    expect(res.status).toBe(201);
    expect(await userRow(email)).toEqual(before);
    const mails = await outbox(email);
    expect(mails.at(-1)?.subject).toBe("You already have a Brandpilot account");
  });

  it("shows the spec's validation messages", async () => {
    let err = await expectError(await post("/api/auth/signup", { email: "nope", password: "secret123" }), 400);
    expect(err.fields?.email).toBe("Please enter a valid email");
    err = await expectError(await post("/api/auth/signup", { email: randomEmail(), password: "12345" }), 400);
    expect(err.fields?.password).toBe("Password must be at least 6 characters");
    expect(err.message).toBe("Password must be at least 6 characters");
    await expectError(await post("/api/auth/signup", {}), 400);
    await expectError(
      await call("/api/auth/signup", { method: "POST", headers: { origin: ORIGIN, "content-type": "application/json" }, body: "{not json" }),
      400,
    );
  });
});

describe("login and sessions", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie (not Secure outside production) and loads the session", async () => {
    const { email } = await signUpVerified();
    const res = await post("/api/auth/login", { email, password: "secret123" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(email);
    const set = res.headers.get("set-cookie")!;
    expect(set).toMatch(/^bp_session=[A-Za-z0-9_-]{40,};/);
    expect(set).toContain("HttpOnly");
    expect(set).toContain("SameSite=Lax");
    expect(set).toContain("Path=/");
    expect(set).not.toContain("Secure");
    const session = await sessionOf(sessionCookieOf(res));
    expect(session.user?.email).toBe(email);
    expect(session.auth).toEqual({ provider: "builtin", devOutbox: true });
    // the table keeps only the hash of the cookie token
    const token = sessionCookieOf(res).split("=")[1]!;
    const row = await env.DB.prepare("select id from sessions where id = ?")
      .bind(await sha256Hex(token))
      .first();
    expect(row).not.toBeNull();
    expect(await env.DB.prepare("select id from sessions where id = ?").bind(token).first()).toBeNull();
  });

  it("marks the cookie Secure in production", async () => {
    const { email } = await signUpVerified();
    const prod = productionEnv();
    const init = (body: unknown): RequestInit => ({
      method: "POST",
      headers: { origin: PROD_ORIGIN, "content-type": "application/json", "cf-connecting-ip": "10.9.9.9" },
      body: JSON.stringify(body),
    });
    const res = await app.request(`${PROD_ORIGIN}/api/auth/login`, init({ email, password: "secret123" }), prod);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("; Secure");
    const session = (await (await app.request(`${PROD_ORIGIN}/api/auth/session`, {}, prod)).json()) as { auth: { devOutbox: boolean } };
    expect(session.auth.devOutbox).toBe(false);
  });

  it("rejects a wrong password or unknown email with 401 'Invalid email or password'", async () => {
    const { email } = await signUpAndLogin();
    let err = await expectError(await post("/api/auth/login", { email, password: "wrong-pass" }), 401);
    expect(err.message).toBe("Invalid email or password");
    err = await expectError(await post("/api/auth/login", { email: randomEmail("nobody"), password: "secret123" }), 401);
    expect(err.message).toBe("Invalid email or password");
  });

  it("refuses password login for an account made by magic link (no password)", async () => {
    const email = randomEmail();
    await post("/api/auth/magic-link", { email });
    const err = await expectError(await post("/api/auth/login", { email, password: "anything1" }), 401);
    expect(err.message).toBe("Invalid email or password");
  });

  it("shows the login validation messages", async () => {
    let err = await expectError(await post("/api/auth/login", { email: "bad", password: "secret123" }), 400);
    expect(err.fields).toEqual({ email: "Please enter a valid email" });
    err = await expectError(await post("/api/auth/login", { email: randomEmail(), password: "12" }), 400);
    expect(err.fields).toEqual({ password: "Password must be at least 6 characters" });
  });

  it("anonymous session answers user null", async () => {
    const res = await call("/api/auth/session");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(((await res.json()) as { user: unknown }).user).toBeNull();
    expect((await sessionOf("bp_session=forged-token")).user).toBeNull();
  });

  it("logout deletes the session row (revoked even if the cookie is replayed) and clears the cookie", async () => {
    const { cookie } = await signUpAndLogin();
    expect((await sessionOf(cookie)).user).not.toBeNull();
    const res = await post("/api/auth/logout", {}, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/bp_session=;.*Max-Age=0/);
    expect((await sessionOf(cookie)).user).toBeNull();
    const hash = await sha256Hex(cookie.split("=")[1]!);
    expect(await env.DB.prepare("select id from sessions where id = ?").bind(hash).first()).toBeNull();
    // logging out again (or anonymously) is harmless
    expect((await post("/api/auth/logout", {})).status).toBe(200);
  });

  it("an expired session is not accepted", async () => {
    const { cookie } = await signUpAndLogin();
    const hash = await sha256Hex(cookie.split("=")[1]!);
    await env.DB.prepare("update sessions set expires_at = ? where id = ?")
      .bind(Date.now() - 1, hash)
      .run();
    expect((await sessionOf(cookie)).user).toBeNull();
  });

  it("a new sign-in drops the user's expired sessions and spent tokens", async () => {
    const { email, password } = await signUpAndLogin();
    const user = (await userRow(email))!;
    await env.DB.prepare("insert into sessions (id, user_id, created_at, expires_at) values ('old-session', ?, 0, 1)").bind(user.id).run();
    await env.DB.prepare("insert into auth_tokens (id, user_id, kind, expires_at, used_at) values ('spent-token', ?, 'magic_link', ?, 1)")
      .bind(user.id, Date.now() + 60_000)
      .run();
    await post("/api/auth/login", { email, password });
    await post("/api/auth/magic-link", { email });
    expect(await env.DB.prepare("select id from sessions where id = 'old-session'").first()).toBeNull();
    expect(await env.DB.prepare("select id from auth_tokens where id = 'spent-token'").first()).toBeNull();
  });

  it("refuses cookie mutations from another origin, and cross-site requests without Origin", async () => {
    const { cookie } = await signUpAndLogin();
    const evil = await post("/api/auth/logout", {}, { cookie, origin: "https://evil.example" });
    expect((await expectError(evil, 403)).code).toBe("forbidden");
    expect((await sessionOf(cookie)).user).not.toBeNull();
    const noOrigin = await call("/api/auth/logout", { method: "POST", headers: { cookie, "sec-fetch-site": "cross-site" } });
    await expectError(noOrigin, 403);
    const email = randomEmail();
    await expectError(await post("/api/auth/signup", { email, password: "secret123" }, { origin: "https://evil.example" }), 403);
    expect(await userRow(email)).toBeNull();
    await expectError(await post("/api/auth/login", { email, password: "secret123" }, { origin: "https://evil.example" }), 403);
  });
});

describe("magic link", () => {
  it("creates the account on first use, mails a one-time link, and signs in with it", async () => {
    const email = randomEmail("magic");
    const res = await post("/api/auth/magic-link", { email });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    expect(await userRow(email)).not.toBeNull();
    const link = await lastLink(email);
    expect(link.origin).toBe(ORIGIN);
    expect(link.pathname).toBe("/login");
    const token = link.searchParams.get("magic")!;
    // stored hashed
    expect(await env.DB.prepare("select id from auth_tokens where id = ?").bind(token).first()).toBeNull();
    expect(
      await env.DB.prepare("select id from auth_tokens where id = ?")
        .bind(await sha256Hex(token))
        .first(),
    ).not.toBeNull();
    const v = await post("/api/auth/magic-link/verify", { token });
    expect(v.status).toBe(200);
    expect((await sessionOf(sessionCookieOf(v))).user?.email).toBe(email);
    // one-time
    const again = await expectError(await post("/api/auth/magic-link/verify", { token }), 400);
    expect(again.code).toBe("invalid_token");
  });

  it("answers the same for an existing account (no enumeration) and reuses it", async () => {
    const { email } = await signUpAndLogin();
    const res = await post("/api/auth/magic-link", { email });
    expect(res.status).toBe(200);
    const { results } = await env.DB.prepare("select id from users where email = ?").bind(email).all();
    expect(results).toHaveLength(1);
  });

  it("an expired link is refused", async () => {
    const email = randomEmail();
    await post("/api/auth/magic-link", { email });
    const token = (await lastLink(email)).searchParams.get("magic")!;
    await env.DB.prepare("update auth_tokens set expires_at = ? where id = ?")
      .bind(Date.now() - 1, await sha256Hex(token))
      .run();
    await expectError(await post("/api/auth/magic-link/verify", { token }), 400);
  });

  it("expires after 15 minutes", async () => {
    const email = randomEmail();
    const before = Date.now();
    await post("/api/auth/magic-link", { email });
    const token = (await lastLink(email)).searchParams.get("magic")!;
    const row = await env.DB.prepare("select expires_at from auth_tokens where id = ?")
      .bind(await sha256Hex(token))
      .first<{ expires_at: number }>();
    expect(row!.expires_at - before).toBeGreaterThanOrEqual(15 * 60 * 1000 - 1000);
    expect(row!.expires_at - before).toBeLessThanOrEqual(15 * 60 * 1000 + 5000);
  });

  it("rejects bad input and unknown tokens with the error shape", async () => {
    const err = await expectError(await post("/api/auth/magic-link", { email: "x" }), 400);
    expect(err.fields?.email).toBe("Please enter a valid email");
    await expectError(await post("/api/auth/magic-link/verify", {}), 400);
    await expectError(await post("/api/auth/magic-link/verify", { token: "a-token-that-was-never-issued" }), 400);
  });

  it("a reset token cannot be used as a magic link", async () => {
    const { email } = await signUpAndLogin();
    await post("/api/auth/reset-password", { email });
    const token = (await lastLink(email)).searchParams.get("token")!;
    await expectError(await post("/api/auth/magic-link/verify", { token }), 400);
  });
});

describe("password reset and update", () => {
  it("mails a link to /auth/update-password; the token sets the password once and signs out every session", async () => {
    const { email, cookie } = await signUpAndLogin();
    const res = await post("/api/auth/reset-password", { email });
    expect(res.status).toBe(200);
    const link = await lastLink(email);
    expect(link.pathname).toBe("/auth/update-password");
    const token = link.searchParams.get("token")!;
    const up = await post("/api/auth/update-password", { password: "brandnew1", confirmPassword: "brandnew1", token });
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ message: "Password updated successfully" });
    expect((await sessionOf(cookie)).user).toBeNull();
    await expectError(await post("/api/auth/login", { email, password: "secret123" }), 401);
    expect((await post("/api/auth/login", { email, password: "brandnew1" })).status).toBe(200);
    // one-time
    await expectError(await post("/api/auth/update-password", { password: "other123", confirmPassword: "other123", token }), 400);
  });

  it("answers 200 for an unknown email and sends one mail saying there is no account (no link into any account)", async () => {
    const email = randomEmail("ghost");
    const res = await post("/api/auth/reset-password", { email });
    expect(res.status).toBe(200);
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Your Brandpilot request");
    expect(mails[0]?.text).not.toContain("token=");
    expect(await userRow(email)).toBeNull();
  });

  it("a signed-in change needs the current password, then keeps only the current session", async () => {
    const { email, password } = await signUpAndLogin();
    const other = sessionCookieOf(await post("/api/auth/login", { email, password }));
    const current = sessionCookieOf(await post("/api/auth/login", { email, password }));
    for (const currentPassword of [undefined, "wrong-one"]) {
      const err = await expectError(
        await post("/api/auth/update-password", { password: "changed12", confirmPassword: "changed12", currentPassword }, { cookie: current }),
        400,
      );
      expect(err.fields?.currentPassword).toBe("Current password is incorrect");
      expect((await post("/api/auth/login", { email, password })).status).toBe(200); // unchanged
    }
    const res = await post(
      "/api/auth/update-password",
      { password: "changed12", confirmPassword: "changed12", currentPassword: password },
      { cookie: current },
    );
    expect(res.status).toBe(200);
    expect((await sessionOf(current)).user?.email).toBe(email);
    expect((await sessionOf(other)).user).toBeNull();
    expect((await post("/api/auth/login", { email, password: "changed12" })).status).toBe(200);
  });

  it("without a token or a session answers 401 and changes nothing", async () => {
    await expectError(await post("/api/auth/update-password", { password: "changed12", confirmPassword: "changed12" }), 401);
  });

  it("shows the update validation messages and rejects unknown tokens", async () => {
    let err = await expectError(await post("/api/auth/update-password", { password: "12345", confirmPassword: "12345", token: "x".repeat(43) }), 400);
    expect(err.fields?.password).toBe("Password must be at least 6 characters");
    err = await expectError(await post("/api/auth/update-password", { password: "secret123", confirmPassword: "secret124", token: "x".repeat(43) }), 400);
    expect(err.fields?.confirmPassword).toBe("Passwords don't match");
    err = await expectError(await post("/api/auth/update-password", { password: "secret123", confirmPassword: "secret123", token: "x".repeat(43) }), 400);
    expect(err.code).toBe("invalid_token");
    err = await expectError(await post("/api/auth/reset-password", { email: "bad" }), 400);
    expect(err.fields?.email).toBe("Please enter a valid email");
  });
});

describe("rate limits", () => {
  it("limits failed sign-ins per address and source (429 with the error shape); the owner elsewhere still signs in", async () => {
    const { email } = await signUpAndLogin();
    const attacker = { "cf-connecting-ip": randomIp() };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post("/api/auth/login", { email, password: "wrong-pass" }, attacker)).status);
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    const res = await post("/api/auth/login", { email, password: "secret123" }, attacker);
    const err = await expectError(res, 429);
    expect(err.code).toBe("rate_limited");
    // The owner, from their own network, is not locked out by the attacker's failures.
    expect((await post("/api/auth/login", { email, password: "secret123" }, { "cf-connecting-ip": randomIp() })).status).toBe(200);
  }, 30_000);

  it("limits login per IP across emails", async () => {
    const ip = randomIp();
    let last = 0;
    for (let i = 0; i < 50; i++) last = (await post("/api/auth/login", { email: randomEmail(), password: "secret123" }, { "cf-connecting-ip": ip })).status;
    expect(last).toBe(401);
    await expectError(await post("/api/auth/login", { email: randomEmail(), password: "secret123" }, { "cf-connecting-ip": ip }), 429);
    // another IP is unaffected
    expect((await post("/api/auth/login", { email: randomEmail(), password: "secret123" }, { "cf-connecting-ip": randomIp() })).status).toBe(401);
  }, 30_000);

  it("limits mail per email across magic link, reset and signup", async () => {
    const { email } = await signUpAndLogin(); // signup mailed once
    for (let i = 0; i < 4; i++) expect((await post("/api/auth/magic-link", { email })).status).toBe(200);
    const before = (await outbox(email)).length;
    await expectError(await post("/api/auth/reset-password", { email }), 429);
    await expectError(await post("/api/auth/magic-link", { email }), 429);
    expect((await outbox(email)).length).toBe(before);
  }, 30_000);

  it("limits mail per IP", async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await post("/api/auth/magic-link", { email: randomEmail() }, { "cf-connecting-ip": ip })).status).toBe(200);
    const email = randomEmail();
    await expectError(await post("/api/auth/magic-link", { email }, { "cf-connecting-ip": ip }), 429);
    expect(await outbox(email)).toHaveLength(0);
  }, 30_000);

  it("per-IP limits apply to a missing or loopback cf-connecting-ip only in production", async () => {
    const noIp = (email: string, e = env, extra: Record<string, string> = {}) =>
      app.request(
        `${ORIGIN}/api/auth/magic-link`,
        { method: "POST", headers: { origin: ORIGIN, "content-type": "application/json", ...extra }, body: JSON.stringify({ email }) },
        e,
      );
    for (let i = 0; i < 31; i++) expect((await noIp(randomEmail())).status).toBe(200);
    for (let i = 0; i < 31; i++) expect((await noIp(randomEmail(), env, { "cf-connecting-ip": "127.0.0.1" })).status).toBe(200);
    const prod = productionEnv();
    const prodNoIp = (email: string) =>
      app.request(
        `${PROD_ORIGIN}/api/auth/magic-link`,
        { method: "POST", headers: { origin: PROD_ORIGIN, "content-type": "application/json" }, body: JSON.stringify({ email }) },
        prod,
      );
    for (let i = 0; i < 30; i++) expect((await prodNoIp(randomEmail())).status).toBe(200);
    await expectError(await prodNoIp(randomEmail()), 429);
  }, 30_000);

  it("a window that has passed starts counting afresh", async () => {
    const { email } = await signUpAndLogin();
    const ip = randomIp();
    const from = { "cf-connecting-ip": ip };
    for (let i = 0; i < 10; i++) await post("/api/auth/login", { email, password: "wrong-pass" }, from);
    await expectError(await post("/api/auth/login", { email, password: "secret123" }, from), 429);
    await env.DB.prepare("update rate_limits set window_start = ? where key = ?")
      .bind(Date.now() - 16 * 60 * 1000, `login:email:${email}|ip:${ip}`)
      .run();
    expect((await post("/api/auth/login", { email, password: "secret123" }, from)).status).toBe(200);
  }, 30_000);
});

describe("helper user", () => {
  it("a helper-made session can log out through the API", async () => {
    const user = await signIn();
    expect((await post("/api/auth/logout", {}, { cookie: user.cookie })).status).toBe(200);
    expect((await sessionOf(user.cookie)).user).toBeNull();
  });
});

// The pre-rendered /login form before the app has started (decision 326): a browser form post.
describe("POST /api/auth/login/form", () => {
  const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    call("/api/auth/login/form", {
      method: "POST",
      redirect: "manual",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": randomIp(), ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const sessionCount = async (email: string) =>
    (await env.DB.prepare("select count(*) as n from sessions s join users u on u.id = s.user_id where u.email = ?").bind(email).first<{ n: number }>())!.n;

  it("signs in: 303 to /dashboard with the same session cookie as the JSON route", async () => {
    const { email, password } = await signUpVerified();
    const res = await formPost({ email, password });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect(res.headers.get("set-cookie")).toMatch(/bp_session=[^;]+;.*HttpOnly/i);
    const session = (await sessionOf(sessionCookieOf(res))) as { user: { email: string } | null };
    expect(session.user?.email).toBe(email);
  });

  it("honours a same-origin next and ignores any other", async () => {
    const { email, password } = await signUpVerified();
    expect((await formPost({ email, password, next: "/calendar?view=list" })).headers.get("location")).toBe("/calendar?view=list");
    for (const next of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "/api/account", "/login", "javascript:alert(1)", "calendar"]) {
      const res = await formPost({ email, password, next });
      expect(res.status, next).toBe(303);
      expect(res.headers.get("location"), next).toBe("/dashboard");
    }
  });

  it("a wrong password goes back to /login?error=invalid_credentials: no cookie, no session, nothing of the form in the URL", async () => {
    const { email } = await signUpVerified();
    const before = await sessionCount(email);
    const res = await formPost({ email, password: "wrong-pass" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login?error=invalid_credentials");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await sessionCount(email)).toBe(before);
  });

  it("bad input and an unverified address go back with their codes", async () => {
    expect((await formPost({ email: "not-an-email", password: "secret123" })).headers.get("location")).toBe("/login?error=invalid_input");
    expect((await formPost({})).headers.get("location")).toBe("/login?error=invalid_input");
    const email = randomEmail("unv");
    expect((await post("/api/auth/signup", { email, password: "secret123" })).status).toBe(201);
    const res = await formPost({ email, password: "secret123" });
    expect(res.headers.get("location")).toBe("/login?error=email_not_verified");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a cross-origin post (403, no session)", async () => {
    const { email, password } = await signUpVerified();
    const before = await sessionCount(email);
    const res = await formPost({ email, password }, { origin: "https://evil.example" });
    const err = await expectError(res, 403);
    expect(err.code).toBe("forbidden");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await sessionCount(email)).toBe(before);
  });

  it("shares the JSON route's rate limit for an address and source", async () => {
    const { email, password } = await signUpVerified();
    const attacker = { "cf-connecting-ip": randomIp() };
    for (let i = 0; i < 10; i++) expect((await post("/api/auth/login", { email, password: "wrong-pass" }, attacker)).status).toBe(401);
    const res = await formPost({ email, password }, attacker);
    expect(res.headers.get("location")).toBe("/login?error=rate_limited");
    expect(res.headers.get("set-cookie")).toBeNull();
    // ... and the other way round: form failures count for the JSON route.
    const other = { "cf-connecting-ip": randomIp() };
    for (let i = 0; i < 10; i++)
      expect((await formPost({ email, password: "wrong-pass" }, other)).headers.get("location")).toBe("/login?error=invalid_credentials");
    await expectError(await post("/api/auth/login", { email, password }, other), 429);
  }, 30_000);
});
