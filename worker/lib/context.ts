import type { Env } from "../env";
import type { Db } from "./db";
import type { KeyCaller } from "../services/api/keys";
import type { ServiceContext } from "../services/context";

export type SessionUser = { id: string; email: string };

export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    user: SessionUser | null;
    /** How the caller authenticated: cookie requests get the Origin check. */
    authVia: "cookie" | "bearer" | null;
    /** A built-in session whose lookup the route sends in its own D1 batch (lib/caller.ts). */
    deferredSession?: { sessionId: string; now: number } | null;
    /** The API key of a /api/v1 or /mcp request (services/api-keys, decision 211). */
    apiKey?: KeyCaller | null;
    /** The service context, built once per request (routes/middleware/service-context.ts). */
    services?: ServiceContext;
  };
};
