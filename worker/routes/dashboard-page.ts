// The HTML of /dashboard (decision 167): the build writes the dashboard's frame (the shell and the
// dashboard's headings with placeholders, dashboard.html) so a phone paints it with the document.
// Only a visitor who sends a session cookie (built-in or Clerk's) gets it; anyone else gets the
// plain SPA shell (index.html, what Workers assets' SPA fallback serves), whose skeleton carries no
// dashboard text, and is sent to /login by the app. Only the cookie's presence is checked: no D1
// read here, the app checks the session itself (an expired cookie sees the frame, then /login).
import type { Context } from "hono";
import { CLERK_SESSION_COOKIE, readCookie, SESSION_COOKIE } from "../adapters/auth/session-cookie";
import type { AppEnv } from "../lib/context";
import { errorBody } from "../lib/errors";
import { fromAssets } from "../lib/security-middleware";

export function dashboardPage(c: Context<AppEnv>) {
  if (!c.env.ASSETS) return c.json(errorBody("not_found", "Not found"), 404);
  const cookies = c.req.header("cookie") ?? null;
  const signedIn = Boolean(readCookie(cookies, SESSION_COOKIE) || readCookie(cookies, CLERK_SESSION_COOKIE));
  return fromAssets(c.env.ASSETS.fetch(new Request(new URL(signedIn ? "/dashboard" : "/", c.req.url), c.req.raw)));
}
