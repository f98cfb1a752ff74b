// Resolves the caller once per request. Mutating requests authenticated by cookie must come from
// our own origin (CSRF defence on top of SameSite=Lax).
import type { MiddlewareHandler } from "hono";
import { authAdapter } from "../adapters/auth";
import type { AppEnv } from "./context";
import { forbidden, unauthorized } from "./errors";
import { publicOrigin } from "./app-config";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function allowedOrigin(c: { req: { url: string }; env: AppEnv["Bindings"] }): string {
  return publicOrigin(c.env, c.req.url);
}

export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const result = await authAdapter(c.env).authenticate(c.req.raw, c.env, c.get("db"));
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
  if (!c.get("user")) throw unauthorized();
  await next();
};

/** The signed-in user; only call behind requireUser. */
export function currentUser(c: { get(key: "user"): AppEnv["Variables"]["user"] }) {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}
