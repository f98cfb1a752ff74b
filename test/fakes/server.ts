import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocal } from "./listen.ts";

export type FakeHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL) => boolean | Promise<boolean>;

/** Handlers register here by path prefix: each fake (OpenAI, platforms, mail, web pages) owns a prefix. */
const handlers: { prefix: string; handle: FakeHandler }[] = [];
export function registerFake(prefix: string, handle: FakeHandler) {
  handlers.push({ prefix, handle });
}

export type FakeObserver = (req: IncomingMessage, body: Buffer, url: URL) => void | Promise<void>;
/** Observers see every request before the handlers (the contract log, test/fakes/contract-log.ts). */
const observers: FakeObserver[] = [];
export function registerObserver(observe: FakeObserver) {
  observers.push(observe);
}

export async function startFakes(port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  await import("./registry.ts");
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    for (const observe of observers) await Promise.resolve(observe(req, body, url)).catch((err: unknown) => console.error("fake observer failed", err));
    for (const h of handlers) {
      if (url.pathname.startsWith(h.prefix) && (await h.handle(req, res, body, url))) return;
    }
    // Contract violations the fakes recorded since the last read (test/worker/setup.ts, decision 190).
    if (url.pathname === "/_contracts/violations") {
      const { takeViolations } = await import("../contracts/ai-services.ts");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ violations: takeViolations() }));
      return;
    }
    if (url.pathname === "/health") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      return;
    }
    res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
  });
  return listenLocal(server, port);
}
