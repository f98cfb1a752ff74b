import { describe, expect, it } from "vitest";
import { call, signIn } from "./helpers";

describe("session helper and middleware", () => {
  it("a session cookie made by the helper is accepted by the built-in adapter", async () => {
    const { builtinAuth } = await import("../../worker/adapters/auth/builtin");
    const { getDb } = await import("../../worker/lib/db");
    const { env } = await import("cloudflare:workers");
    const user = await signIn("helper@example.com");
    const result = await builtinAuth.authenticate(new Request("http://localhost/", { headers: { cookie: user.cookie } }), env, getDb(env.DB));
    expect(result?.user).toEqual({ id: user.userId, email: "helper@example.com" });
    const none = await builtinAuth.authenticate(new Request("http://localhost/", { headers: { cookie: "bp_session=wrong" } }), env, getDb(env.DB));
    expect(none).toBeNull();
  });

  it("refuses a cross-origin mutating request", async () => {
    const user = await signIn();
    const res = await call("/api/health", { method: "POST", headers: { cookie: user.cookie, origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });
});
