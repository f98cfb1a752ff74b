// Every request that reaches the platform sandbox is checked against the network's published
// contract (test/contracts/): an unknown endpoint, a missing header, a field the schema does not
// allow or a wrong content type is logged as a violation. Tests read the log at
// GET /_contracts?since=<seq> (the conformance suite fails on any violation of its own requests).
// The sandbox's own switches (/<network>/_control, /_state, /_media, ...) are not the network's.
import type { IncomingMessage } from "node:http";
import { CONTRACTS } from "../contracts/index.ts";
import { compileContract, type ContractCheck } from "../contracts/validate.ts";
import { registerFake, registerObserver } from "./server.ts";

export type ContractLogEntry = ContractCheck & { seq: number; network: string; method: string; path: string; query: string };

const checkers = new Map(Object.entries(CONTRACTS).map(([key, c]) => [key, compileContract(c)]));
const browserPaths = new Map(Object.entries(CONTRACTS).map(([key, c]) => [key, c.endpoints.filter((e) => e.browser).map((e) => e.path)]));
const prefixes = new Map(Object.entries(CONTRACTS).map(([key, c]) => [key, c.sandboxPathPrefix ? new RegExp(c.sandboxPathPrefix) : null]));
const log: ContractLogEntry[] = [];
let seq = 0;

/** A sandbox-only path (fault switches, state, test media), not part of the network's API. */
const internal = (path: string) => /^\/_(control|state|media|image|age)(\/|$)/.test(path);

registerObserver(async (req: IncomingMessage, body: Buffer, url: URL) => {
  const [, network, ...rest] = url.pathname.split("/");
  const check = network ? checkers.get(network) : undefined;
  if (!check) return;
  const path = `/${rest.join("/")}`;
  if (internal(path)) return;
  // The approve form the sandbox's own authorize page posts back (the user's click, not the adapter).
  const apiPath = path.replace(prefixes.get(network!) ?? /^$/, "") || "/";
  if (req.method === "POST" && browserPaths.get(network!)?.includes(apiPath)) return;
  const result = await check({ method: req.method ?? "GET", path, query: url.searchParams, headers: req.headers, body });
  log.push({ ...result, seq: ++seq, network: network!, method: req.method ?? "GET", path, query: url.search });
  if (log.length > 5000) log.splice(0, log.length - 5000);
});

registerFake("/_contracts", (req, res, _body, url) => {
  if (url.pathname !== "/_contracts" || req.method !== "GET") return false;
  const since = Number(url.searchParams.get("since") ?? 0) || 0;
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ seq, log: log.filter((e) => e.seq > since) }));
  return true;
});
