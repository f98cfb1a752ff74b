// Middleware that makes every Worker response safe by default (docs/architecture.md, "Security rules"):
// - productionGate: a production Worker missing a required setting answers 503 with a clear
//   message (and logs it) instead of running half-configured; /api/health says what is missing.
// - securityHeaders: Hono's secure-headers on every Worker response. The API serves JSON plus two
//   small HTML pages (/api/docs, /dev/outbox) with inline style/script, so its CSP allows only
//   those; nothing may frame us; HSTS only in production (browsers ignore it on plain http anyway).
//   The SPA's static files get the same protection from frontend/public/_headers.
// - jsonBodyLimit: a JSON body is refused with 413 before it is read past its route's cap.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./context";
import { isProduction, logNotConfigured, missingProductionConfig, notConfiguredMessage } from "./app-config";
import { errorBody } from "./errors";

export const productionGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const missing = missingProductionConfig(c.env);
  if (missing.length === 0) return next();
  const message = notConfiguredMessage(missing);
  logNotConfigured(message);
  c.header("Cache-Control", "no-store");
  if (c.req.path === "/api/health") return c.json({ ok: false as const, ...errorBody("not_configured", message) }, 503);
  if (c.req.path.startsWith("/api/")) return c.json(errorBody("not_configured", message), 503);
  return c.text("This Brandpilot server is not configured yet. Its operator can see what is missing at /api/health.", 503);
};

const PERMISSIONS_POLICY = {
  camera: [],
  microphone: [],
  geolocation: [],
  payment: [],
  usb: [],
  interestCohort: [],
} as const;

const headerOptions = (hsts: boolean, corp: "same-site" | "cross-origin") => ({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    // /api/docs and /dev/outbox carry one inline <style> (and the docs page one inline script).
    styleSrc: ["'unsafe-inline'"],
    scriptSrc: ["'self'", "'unsafe-inline'"],
    connectSrc: ["'self'"],
    imgSrc: ["'self'", "data:"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
  referrerPolicy: "strict-origin-when-cross-origin",
  xFrameOptions: "DENY",
  strictTransportSecurity: hsts ? "max-age=31536000; includeSubDomains" : false,
  permissionsPolicy: Object.fromEntries(Object.entries(PERMISSIONS_POLICY).map(([k, v]) => [k, [...v]])),
  crossOriginResourcePolicy: corp,
});

// Everything is same-site except post media (/media/*): it is published to other sites by design
// (the networks show it, the sandbox's page embeds it), and Chromium treats "same-site" on an
// IP host as same-origin, so a page on another port could not show it.
const headers = {
  prod: secureHeaders(headerOptions(true, "same-site")),
  dev: secureHeaders(headerOptions(false, "same-site")),
  prodMedia: secureHeaders(headerOptions(true, "cross-origin")),
  devMedia: secureHeaders(headerOptions(false, "cross-origin")),
};

// Responses of the static-assets binding (the pre-rendered landing page on "/", the SPA fallback):
// their headers are immutable (setting one throws "Can't modify immutable headers", a 500) and
// already carry the SPA's policy from frontend/public/_headers, so they pass through untouched.
const assetResponses = new WeakSet<Response>();
export async function fromAssets(response: Promise<Response> | Response): Promise<Response> {
  const res = await response;
  assetResponses.add(res);
  return res;
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (assetResponses.has(c.res)) return;
  const media = c.req.path.startsWith("/media/");
  const set = isProduction(c.env) ? (media ? headers.prodMedia : headers.prod) : media ? headers.devMedia : headers.dev;
  await set(c, async () => {});
};

/** JSON body caps per route (bytes); the first matching pattern wins. */
const JSON_BODY_LIMITS: { pattern: RegExp; maxBytes: number }[] = [
  // A campaign arrives as one batch of up to a few dozen generated posts.
  { pattern: /^\/api\/projects\/[^/]+\/campaigns$/, maxBytes: 512 * 1024 },
  // Pasted brand text (brain "text" documents): up to 2,000,000 characters, JSON-escaped.
  { pattern: /^\/api\/projects\/[^/]+\/brain\/documents$/, maxBytes: 8 * 1024 * 1024 },
  // Everything else: forms, posts, prompts.
  { pattern: /^\/api\//, maxBytes: 64 * 1024 },
];

const limiters = new Map<number, MiddlewareHandler>();
function limiter(maxBytes: number): MiddlewareHandler {
  let mw = limiters.get(maxBytes);
  if (!mw) {
    const kib = Math.round(maxBytes / 1024);
    mw = bodyLimit({
      maxSize: maxBytes,
      onError: (c) => c.json(errorBody("too_large", `The request body is too large (max ${kib >= 1024 ? `${Math.round(kib / 1024)} MB` : `${kib} KB`})`), 413),
    });
    limiters.set(maxBytes, mw);
  }
  return mw;
}

/** Caps JSON (and any non-multipart) bodies; multipart uploads are capped by their own routes. */
export const jsonBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) return next();
  const rule = JSON_BODY_LIMITS.find((r) => r.pattern.test(c.req.path));
  if (!rule) return next();
  return limiter(rule.maxBytes)(c, next);
};
