// Responses of the static-assets binding pass the security middleware untouched: the binding's
// Response has immutable headers (workerd throws "Can't modify immutable headers", which made "/"
// a 500), and they already carry the SPA's own policy from frontend/public/_headers. The stand-in
// binding below refuses header changes the way workerd does.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import type { Env } from "../../worker/env";
import { ORIGIN } from "./helpers";

const SPA_CSP = "default-src 'self'; script-src 'self'";

function immutable(res: Response): Response {
  const headers = res.headers;
  const refuse = () => {
    throw new TypeError("Can't modify immutable headers.");
  };
  const guarded = new Proxy(headers, {
    get(target, prop) {
      if (prop === "set" || prop === "append" || prop === "delete") return refuse;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  Object.defineProperty(res, "headers", { value: guarded });
  return res;
}

const seen: string[] = [];
const assets = {
  async fetch(input: Request | string) {
    const url = new URL(typeof input === "string" ? input : input.url);
    seen.push(url.pathname);
    return immutable(
      new Response(`<!doctype html><title>${url.pathname}</title>`, { headers: { "content-type": "text/html", "content-security-policy": SPA_CSP } }),
    );
  },
};

async function get(path: string, headers: HeadersInit = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(new URL(path, ORIGIN), { headers }), { ...(env as Env), ASSETS: assets as unknown as Env["ASSETS"] }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("static asset responses through the Worker", () => {
  it("serves the pre-rendered landing page on / with the SPA's own headers", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>/landing</title>");
    expect(res.headers.get("content-security-policy")).toBe(SPA_CSP);
  });

  it("serves /dashboard's pre-rendered frame only with a session cookie, the SPA shell otherwise (decision 167)", async () => {
    for (const cookie of ["bp_session=abc", "theme=x; __session=eyJ"]) {
      const res = await get("/dashboard", { cookie });
      expect(res.status).toBe(200);
      expect(await res.text(), cookie).toContain("<title>/dashboard</title>");
      expect(res.headers.get("content-security-policy")).toBe(SPA_CSP);
    }
    for (const headers of [{}, { cookie: "theme=x" }, { cookie: "bp_session=" }] as Record<string, string>[]) {
      const res = await get("/dashboard", headers);
      expect(res.status).toBe(200);
      // "/" through the binding is index.html, the empty shell (no dashboard text before /login).
      expect(await res.text(), JSON.stringify(headers)).toContain("<title>/</title>");
    }
  });

  it("serves the SPA fallback for another Worker-first path the same way", async () => {
    const res = await get("/media-missing-page");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe(SPA_CSP);
  });

  it("still puts the API's security headers on Worker responses", async () => {
    const res = await get("/api/health");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});
