// The platform sandbox: local stand-ins for the social networks that speak their protocols closely
// enough for our real adapter code. Used by the worker tests (FAKES_URL) and by `npm start` so
// Connect and publishing work offline. Each network's routes live in platforms/<network>/sandbox.ts
// (listed in platforms/sandboxes.ts); the shared state and fault switches (POST /<key>/_control,
// GET /<key>/_state) in platforms/shared/sandbox-core.ts.
//   GET  /                  a page listing everything posted (text, image, account, time)
// Plain erasable TypeScript: this file also runs under Node 22 without a build step.
import { SANDBOXES } from "../../platforms/sandboxes.ts";
import { homePage, html, sandboxRoute } from "../../platforms/shared/sandbox-core.ts";
import { storeMedia } from "../../platforms/shared/sandbox-media.ts";
import { registerFake } from "./server.ts";

for (const net of SANDBOXES) registerFake(`/${net.key}`, sandboxRoute(net));
registerFake("/", (req, res, _body, url) => {
  if (url.pathname !== "/" || req.method !== "GET") return false;
  html(res, 200, homePage(SANDBOXES));
  return true;
});
// Browsers ask every origin for /favicon.ico: the networks' own consent pages have one, and a 404
// here would be a console error in every journey that connects (they fail on console errors).
registerFake("/favicon.ico", (_req, res, _body, url) => {
  if (url.pathname !== "/favicon.ico") return false;
  res.writeHead(204, { "cache-control": "max-age=86400" }).end();
  return true;
});
// Worker tests only (SANDBOX_MEDIA_STORE=1): PUT /_media?url=<url> with the bytes a public URL serves
// (the app inside workerd is not reachable over TCP); platforms/shared/sandbox-media.ts.
registerFake("/_media", (req, res, body, url) => {
  if (url.pathname !== "/_media" || req.method !== "PUT") return false;
  const target = url.searchParams.get("url") ?? "";
  if (!/^https?:\/\//.test(target) || !storeMedia(target, body)) {
    res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
    return true;
  }
  res.writeHead(204).end();
  return true;
});
