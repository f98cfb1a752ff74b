// Resolves the caller once per request. Mutating requests authenticated by cookie must come from
// our own origin (CSRF defence on top of SameSite=Lax).
import type { MiddlewareHandler } from "hono";
import { authAdapter } from "../../adapters/auth";
import { readCookie, SESSION_COOKIE } from "../../adapters/auth/session-cookie";
import type { Caller } from "../../lib/caller";
import type { AppEnv } from "../../lib/context";
import { forbidden, unauthorized } from "../../lib/errors";
import { publicOrigin } from "../../lib/app-config";
import { sha256Hex } from "../../lib/ids";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Reads that look the built-in session up in their own D1 batch, with their data (decision 162):
// the middleware only hashes the cookie for them. Their handlers use `currentCaller`.
const SESSION_IN_BATCH = [/^\/api\/projects\/[^/]+\/posts$/, /^\/api\/projects\/[^/]+\/calendar$/, /^\/api\/projects\/[^/]+\/dashboard$/];

export function allowedOrigin(c: { req: { url: string }; env: AppEnv["Bindings"] }): string {
  return publicOrigin(c.env, c.req.url);
}

export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const adapter = authAdapter(c.env);
  if (adapter.kind === "builtin" && c.req.method === "GET" && SESSION_IN_BATCH.some((r) => r.test(c.req.path))) {
    const token = readCookie(c.req.header("cookie") ?? null, SESSION_COOKIE);
    c.set("user", null);
    c.set("authVia", token ? "cookie" : null);
    c.set("deferredSession", token ? { sessionId: await sha256Hex(token), now: Date.now() } : null);
    return next();
  }
  const result = await adapter.authenticate(c.req.raw, c.env, c.get("db"));
  c.set("user", result?.user ?? null);
  c.set("authVia", result?.via ?? null);
  if (!SAFE_METHODS.has(c.req.method) && result?.via !== "bearer") {
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    if ((origin && origin !== allowedOrigin(c)) || (!origin && fetchSite === "cross-site")) {
      throw forbidden("Cross-origin request refused");
    }
  }
  await next();
};

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user") && !c.get("deferredSession")) throw unauthorized();
  await next();
};

/** The caller for a read that checks the session in its own batch (lib/caller.ts). */
export function currentCaller(c: {
  get(key: "user"): AppEnv["Variables"]["user"];
  get(key: "deferredSession"): AppEnv["Variables"]["deferredSession"];
}): Caller {
  const user = c.get("user");
  if (user) return { userId: user.id };
  const deferred = c.get("deferredSession");
  if (deferred) return deferred;
  throw unauthorized();
}

/** The signed-in user; only call behind requireUser. */
export function currentUser(c: { get(key: "user"): AppEnv["Variables"]["user"] }) {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}
