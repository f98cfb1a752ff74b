// The Worker's two calls to Clerk's Backend API, against the fake (test/fakes/clerk-bapi.ts) that
// checks each request against test/contracts/clerk/backend-api.json (decision 277): the JWKS fetch
// behind verifyToken with only a secret key, and the user deletion on account deletion.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { clerkAuth } from "../../worker/adapters/auth/clerk";
import { getDb } from "../../worker/lib/db";
import { base64url } from "../../worker/lib/ids";
import { ORIGIN } from "./helpers";

const bapi = () => `${env.FAKES_URL}/clerk-bapi`;
type Logged = { method: string; path: string; operationId: string | null; status: number; problems: string[] };

/** A secret key of its own per test: @clerk/backend caches the JWKS per (API URL, key). */
const secretKey = () => `sk_test_${crypto.randomUUID().replaceAll("-", "")}`;
const clerkId = () => `user_${crypto.randomUUID().replaceAll("-", "")}`;
const clerkEnv = (key: string) => ({ ...env, CLERK_SECRET_KEY: key, CLERK_JWT_KEY: undefined, CLERK_API_URL: bapi(), CLERK_AUTHORIZED_PARTIES: ORIGIN });

async function requests(contains: string): Promise<Logged[]> {
  const res = await fetch(`${bapi()}/_test/requests?contains=${encodeURIComponent(contains)}`);
  return ((await res.json()) as { requests: Logged[] }).requests;
}

/** Returns and forgets the contract violations the fakes recorded (for tests that send one on purpose). */
async function takeViolations() {
  const res = await fetch(`${env.FAKES_URL}/_contracts/violations`);
  return ((await res.json()) as { violations: { service: string; request: string; problems: string[] }[] }).violations;
}

const enc = (obj: unknown) => base64url(new TextEncoder().encode(JSON.stringify(obj)));

/** A session token signed with the fake instance's private key (the one its JWKS publishes). */
async function sessionToken(sub: string) {
  const { kid, privateJwk } = (await (await fetch(`${bapi()}/_test/key`)).json()) as { kid: string; privateJwk: JsonWebKey };
  const key = await crypto.subtle.importKey("jwk", privateJwk, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
  const now = Math.floor(Date.now() / 1000);
  const header = enc({ alg: "RS256", typ: "JWT", kid });
  const payload = enc({ iss: "https://clerk.brandpilot.test", sid: "sess_1", sub, iat: now - 5, nbf: now - 5, exp: now + 60, azp: ORIGIN });
  const sig = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, new TextEncoder().encode(`${header}.${payload}`));
  return `${header}.${payload}.${base64url(new Uint8Array(sig))}`;
}

describe("Clerk Backend API calls (contract: test/contracts/clerk/backend-api.json)", () => {
  it("verifies a session token through the JWKS endpoint with only the secret key", async () => {
    const key = secretKey();
    const sub = clerkId();
    const req = new Request(`${ORIGIN}/api/auth/session`, { headers: { authorization: `Bearer ${await sessionToken(sub)}` } });
    const before = (await requests("/v1/jwks")).length;
    const result = await clerkAuth.authenticate(req, clerkEnv(key), getDb(env.DB));
    expect(result?.user.email).toBe(`${sub}@clerk.local`);
    const jwks = (await requests("/v1/jwks")).slice(before);
    expect(jwks).toEqual([{ method: "GET", path: "/clerk-bapi/v1/jwks", operationId: "GetJWKS", status: 200, problems: [] }]);
  });

  it("deleting the account deletes the Clerk user with a contract-valid DELETE", async () => {
    const key = secretKey();
    const sub = clerkId();
    await fetch(`${bapi()}/_test/users`, { method: "POST", body: JSON.stringify({ id: sub }) });
    const res = await app.request(
      `${ORIGIN}/api/account`,
      { method: "DELETE", headers: { authorization: `Bearer ${await sessionToken(sub)}` } },
      clerkEnv(key),
    );
    expect(res.status).toBe(200);
    expect(await requests(`/v1/users/${sub}`)).toEqual([
      { method: "DELETE", path: `/clerk-bapi/v1/users/${sub}`, operationId: "DeleteUser", status: 200, problems: [] },
    ]);
    expect(await (await fetch(`${bapi()}/_test/users/${sub}`)).json()).toEqual({ exists: false });
    const local = await env.DB.prepare("select id from users where clerk_user_id = ?").bind(sub).first();
    expect(local).toBeNull();
  });

  it("a request outside the contract is answered as Clerk would and recorded, which fails the test", async () => {
    const headers = { "clerk-api-version": "2026-05-12", "user-agent": "test" };
    const noAuth = await fetch(`${bapi()}/v1/jwks`, { headers });
    expect(noAuth.status).toBe(401);
    expect(((await noAuth.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("authentication_invalid");
    const unknown = await fetch(`${bapi()}/v1/users/${clerkId()}/nonsense`, {
      method: "DELETE",
      headers: { ...headers, authorization: `Bearer ${secretKey()}` },
    });
    expect(unknown.status).toBe(404);
    const noVersion = await fetch(`${bapi()}/v1/jwks`, { headers: { authorization: `Bearer ${secretKey()}`, "user-agent": "test" } });
    expect(noVersion.status).toBe(200);
    const problems = (await takeViolations()).filter((v) => v.service === "clerk-bapi").map((v) => v.problems.join("; "));
    expect(problems).toEqual([
      "Authorization is not Bearer <secret key>",
      expect.stringContaining("unknown endpoint DELETE /clerk-bapi/v1/users/"),
      "missing header clerk-api-version",
    ]);
  });

  it("the Worker's own call with a malformed secret key breaks the contract and the token is refused", async () => {
    const req = new Request(`${ORIGIN}/api/auth/session`, { headers: { authorization: `Bearer ${await sessionToken(clerkId())}` } });
    expect(await clerkAuth.authenticate(req, clerkEnv("not a secret key"), getDb(env.DB))).toBeNull();
    const violations = (await takeViolations()).filter((v) => v.service === "clerk-bapi");
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.every((v) => v.request === "GET /clerk-bapi/v1/jwks" && v.problems.includes("Authorization is not Bearer <secret key>"))).toBe(true);
  }, 20_000);
});
