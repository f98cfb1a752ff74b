import type { Env } from "../../env";
import type { Db } from "../../lib/db";
import type { SessionUser } from "../../lib/context";

type Authenticated = { user: SessionUser; via: "cookie" | "bearer" };

/** Resolves the caller of a request. Built-in (D1 sessions) by default, Clerk when configured. */
export interface AuthAdapter {
  readonly kind: "builtin" | "clerk";
  authenticate(req: Request, env: Env, db: Db): Promise<Authenticated | null>;
}
