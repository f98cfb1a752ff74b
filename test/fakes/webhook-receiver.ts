// A webhook endpoint for tests and the local demo: POST /webhook-receiver/<name> records the
// request (headers and raw body) and answers 200, or the status armed with
// POST /webhook-receiver/_control/<name> {"status": 500, "times": 2}; GET
// /webhook-receiver/_received/<name> lists what arrived.
import { registerFake, type FakeHandler } from "./server.ts";

type Received = { headers: Record<string, string>; body: string; at: number };
const received = new Map<string, Received[]>();
const armed = new Map<string, { status: number; times: number }>();

const handle: FakeHandler = (req, res, body, url) => {
  const [, , kind, name] = url.pathname.split("/");
  const send = (status: number, value: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
  if (kind === "_received" && name && req.method === "GET") return (send(200, received.get(name) ?? []), true);
  if (kind === "_control" && name && req.method === "POST") {
    const { status, times } = JSON.parse(body.toString("utf8") || "{}") as { status?: number; times?: number };
    armed.set(name, { status: status ?? 500, times: times ?? 1 });
    return (send(200, { ok: true }), true);
  }
  if (kind && !name && req.method === "POST") {
    const list = received.get(kind) ?? [];
    list.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body: body.toString("utf8"), at: Date.now() });
    received.set(kind, list);
    const arm = armed.get(kind);
    if (arm && arm.times > 0) {
      arm.times--;
      return (send(arm.status, { error: "armed failure" }), true);
    }
    return (send(200, { ok: true }), true);
  }
  return false;
};

registerFake("/webhook-receiver/", handle);
