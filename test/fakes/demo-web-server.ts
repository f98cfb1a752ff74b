// The sample brand pages for offline scraping in `npm start` (/web/brand.html, /web/plain.txt...),
// on a server of their own: it answers GET /web/* and nothing else, so allowing the brain to scrape
// this one local origin (SCRAPE_ALLOW_HOSTS) exposes no user's data: not the platform sandbox's
// published posts, not the app's own /dev/outbox.
import { createServer } from "node:http";
import { listenLocal } from "./listen.ts";
import { handleWebPage } from "./web-pages.ts";

export async function startDemoWeb(port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if ((req.method === "GET" || req.method === "HEAD") && url.pathname.startsWith("/web/") && (await handleWebPage(req, res, Buffer.alloc(0), url))) return;
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  return listenLocal(server, port);
}
