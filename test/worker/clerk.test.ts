// The Clerk path with tokens minted here: an RSA key pair made with WebCrypto plays Clerk's
// instance key; its PEM public key is what CLERK_JWT_KEY holds in production.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { authAdapter } from "../../worker/adapters/auth";
import { clerkAuth } from "../../worker/adapters/auth/clerk";
import { getDb } from "../../worker/lib/db";
import { base64url } from "../../worker/lib/ids";
import { expectError, ORIGIN } from "./helpers";

const PARTY = "https://app.brandpilot.test";

async function keyPair() {
  const pair = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const spki = new Uint8Array((await crypto.subtle.exportKey("spki", pair.publicKey)) as ArrayBuffer);
  let bin = "";
  for (const b of spki) bin += String.fromCharCode(b);
  const pem = `-----BEGIN PUBLIC KEY-----\n${btoa(bin)
    .match(/.{1,64}/g)!
    .join("\n")}\n-----END PUBLIC KEY-----`;
  return { privateKey: pair.privateKey, pem };
}

const enc = (obj: unknown) => base64url(new TextEncoder().encode(JSON.stringify(obj)));

async function mint(privateKey: CryptoKey, claims: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000);
  const header = enc({ alg: "RS256", typ: "JWT", kid: "ins_test" });
  const payload = enc({ iss: "https://clerk.brandpilot.test", sid: "sess_1", iat: now - 5, nbf: now - 5, exp: now + 60, azp: PARTY, ...claims });
  const sig = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", privateKey, new TextEncoder().encode(`${header}.${payload}`));
  return `${header}.${payload}.${base64url(new Uint8Array(sig))}`;
}

let key: Awaited<ReturnType<typeof keyPair>>;
let otherKey: Awaited<ReturnType<typeof keyPair>>;
let clerkEnv: typeof env;

beforeAll(async () => {
  key = await keyPair();
  otherKey = await keyPair();
  clerkEnv = { ...env, CLERK_JWT_KEY: key.pem, CLERK_PUBLISHABLE_KEY: "pk_test_abc", CLERK_AUTHORIZED_PARTIES: `${PARTY}, ${ORIGIN}` };
});

const authenticate = (headers: Record<string, string>) =>
  clerkAuth.authenticate(new Request(`${PARTY}/api/auth/session`, { headers }), clerkEnv, getDb(env.DB));
const sub = () => `user_${crypto.randomUUID().replaceAll("-", "")}`;

describe("Clerk session tokens", () => {
  it("is selected only when a Clerk key is configured", () => {
    expect(authAdapter(env).kind).toBe("builtin");
    expect(authAdapter(clerkEnv).kind).toBe("clerk");
    expect(authAdapter({ ...env, CLERK_SECRET_KEY: "sk_test" }).kind).toBe("clerk");
  });

  it("accepts a valid token from the Authorization header and creates the local user once", async () => {
    const id = sub();
    const token = await mint(key.privateKey, { sub: id, email: "Clerk.Person@Example.com" });
    const first = await authenticate({ authorization: `Bearer ${token}` });
    expect(first?.via).toBe("bearer");
    expect(first?.user.email).toBe("clerk.person@example.com");
    const again = await authenticate({ authorization: `Bearer ${token}` });
    expect(again?.user.id).toBe(first?.user.id);
    const { results } = await env.DB.prepare("select id from users where clerk_user_id = ?").bind(id).all();
    expect(results).toHaveLength(1);
  });

  it("accepts the __session cookie (as cookie auth) and uses {sub}@clerk.local without an email claim", async () => {
    const id = sub();
    const token = await mint(key.privateKey, { sub: id });
    const result = await authenticate({ cookie: `other=1; __session=${token}` });
    expect(result?.via).toBe("cookie");
    expect(result?.user.email).toBe(`${id}@clerk.local`);
  });

  it("rejects an expired token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await mint(key.privateKey, { sub: sub(), iat: now - 600, nbf: now - 600, exp: now - 300 });
    expect(await authenticate({ authorization: `Bearer ${token}` })).toBeNull();
  });

  it("rejects a token signed with another key", async () => {
    const token = await mint(otherKey.privateKey, { sub: sub() });
    expect(await authenticate({ authorization: `Bearer ${token}` })).toBeNull();
  });

  it("rejects a token minted for another authorized party", async () => {
    const token = await mint(key.privateKey, { sub: sub(), azp: "https://evil.example" });
    expect(await authenticate({ authorization: `Bearer ${token}` })).toBeNull();
  });

  it("rejects garbage and a tampered payload", async () => {
    expect(await authenticate({ authorization: "Bearer not.a.jwt" })).toBeNull();
    const token = await mint(key.privateKey, { sub: sub() });
    const [h, , s] = token.split(".");
    const forged = `${h}.${enc({ sub: "user_admin", azp: PARTY, exp: Math.floor(Date.now() / 1000) + 60 })}.${s}`;
    expect(await authenticate({ authorization: `Bearer ${forged}` })).toBeNull();
  });

  it("links an existing local account with the same email", async () => {
    const email = `linked-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const localId = crypto.randomUUID();
    await env.DB.prepare("insert into users (id, email, email_verified, created_at) values (?, ?, 0, ?)").bind(localId, email, Date.now()).run();
    const result = await authenticate({ authorization: `Bearer ${await mint(key.privateKey, { sub: sub(), email })}` });
    expect(result?.user.id).toBe(localId);
  });
});

describe("auth routes with Clerk configured", () => {
  const req = (path: string, init: RequestInit = {}) => app.request(`${ORIGIN}${path}`, init, clerkEnv);

  it("GET /api/auth/session reports the Clerk user and the publishable key", async () => {
    const id = sub();
    const res = await req("/api/auth/session", { headers: { authorization: `Bearer ${await mint(key.privateKey, { sub: id, azp: ORIGIN })}` } });
    const body = (await res.json()) as { user: { email: string } | null; auth: unknown };
    expect(body.user?.email).toBe(`${id}@clerk.local`);
    expect(body.auth).toEqual({ provider: "clerk", clerkPublishableKey: "pk_test_abc", devOutbox: true });
    const anon = (await (await req("/api/auth/session")).json()) as { user: unknown };
    expect(anon.user).toBeNull();
  });

  it("built-in endpoints answer 404 with a clear message", async () => {
    const post = (path: string, body: unknown) =>
      req(path, { method: "POST", headers: { origin: ORIGIN, "content-type": "application/json" }, body: JSON.stringify(body) });
    for (const path of ["/api/auth/login", "/api/auth/signup", "/api/auth/magic-link", "/api/auth/reset-password", "/api/auth/update-password"]) {
      const err = await expectError(await post(path, { email: "a@example.com", password: "secret123", confirmPassword: "secret123" }), 404);
      expect(err.code).toBe("clerk_enabled");
    }
    // The pre-rendered /login form (decision 326) is sent back to the page, whose app signs in through Clerk.
    const form = await req("/api/auth/login/form", {
      method: "POST",
      redirect: "manual",
      headers: { origin: ORIGIN },
      body: new URLSearchParams({ email: "a@example.com", password: "secret123" }),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/login?error=clerk_enabled");
    const out = await post("/api/auth/logout", {});
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/__session=;.*Max-Age=0/);
  });

  it("a bearer-authenticated mutation skips the cookie Origin check; a cookie one does not", async () => {
    const token = await mint(key.privateKey, { sub: sub(), azp: ORIGIN });
    const bearer = await req("/api/auth/logout", { method: "POST", headers: { authorization: `Bearer ${token}`, origin: "https://elsewhere.example" } });
    expect(bearer.status).toBe(200);
    const cookie = await req("/api/auth/logout", { method: "POST", headers: { cookie: `__session=${token}`, origin: "https://evil.example" } });
    await expectError(cookie, 403);
  });
});
