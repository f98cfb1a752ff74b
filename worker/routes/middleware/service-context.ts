// Builds the service context (services/context.ts, decision 315) once per request, from what the
// session or API-key middleware resolved: handlers pass `serviceContext(c)` to every service.
import type { Caller } from "../../lib/caller";
import type { AppEnv } from "../../lib/context";
import type { ServiceContext } from "../../services/context";
import { currentCaller, currentUser } from "./session";

type Vars = AppEnv["Variables"];
type Ctx = {
  get<K extends keyof Vars>(key: K): Vars[K];
  set<K extends keyof Vars>(key: K, value: Vars[K]): void;
  env: AppEnv["Bindings"];
};

/** The context for a signed-in request (behind requireUser or apiKeyAuth; 401 otherwise). */
export function serviceContext(c: Ctx): ServiceContext {
  const built = c.get("services");
  if (built) return built;
  const user = currentUser(c);
  const ctx: ServiceContext = { db: c.get("db"), env: c.env, caller: { id: user.id, email: user.email, key: c.get("apiKey") ?? null } };
  c.set("services", ctx);
  return ctx;
}

/** The context for a read that checks a built-in session in its own batch (decision 162). */
export function readContext(c: Ctx): ServiceContext<Caller> {
  return { db: c.get("db"), env: c.env, caller: currentCaller(c) };
}
