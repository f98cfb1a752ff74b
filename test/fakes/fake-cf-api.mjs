#!/usr/bin/env node
// A stand-in for the part of the Cloudflare REST API that scripts/deploy.mjs reads directly
// (wrangler has no command for it): GET /accounts/{id}/workers/subdomain, answered from the same
// pretend account as test/fakes/fake-wrangler.mjs (FAKE_CF_STATE: `subdomain`, null when the
// account never registered one: 404 with code 10007, as the API answers). Requires the bearer
// token `wrangler auth token --json` gives (fake-wrangler: "fake-oauth-token"). Listens on
// 127.0.0.1 and writes its URL to FAKE_CF_API_URL_FILE.
// POST /accounts/{id}/ai/run/{model} (what `npm run doctor --remote` calls): forwarded to the
// Workers AI fake at FAKE_WORKERS_AI_URL (test/fakes/openai.ts, which holds every call to the
// model's published schema and records a violation), its answer wrapped in the REST API's
// envelope ({ result, success, errors, messages }); each model run is appended to `aiRuns`.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";

const server = createServer(async (req, res) => {
  const state = JSON.parse(readFileSync(process.env.FAKE_CF_STATE, "utf8"));
  const send = (status, body) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  if (req.headers.authorization !== "Bearer fake-oauth-token") return send(401, { success: false, errors: [{ code: 10000, message: "Authentication error" }] });
  const run = /^\/client\/v4\/accounts\/([^/]+)\/ai\/run\/(.+)$/.exec(req.url ?? "");
  if (run && req.method === "POST" && process.env.FAKE_WORKERS_AI_URL) {
    if (run[1] !== "acc1") return send(403, { success: false, errors: [{ code: 9109, message: "Unauthorized to access requested resource" }] });
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const model = decodeURIComponent(run[2]);
    // Only this process writes aiRuns; fake-wrangler does not run meanwhile.
    writeFileSync(process.env.FAKE_CF_STATE, JSON.stringify({ ...state, aiRuns: [...(state.aiRuns ?? []), model] }, null, 2));
    const answer = await fetch(`${process.env.FAKE_WORKERS_AI_URL}/run/${model}`, { method: "POST", body: Buffer.concat(chunks) });
    const body = await answer.json();
    return answer.ok
      ? send(200, { result: body, success: true, errors: [], messages: [] })
      : send(answer.status, { result: null, success: false, errors: body.errors ?? [], messages: [] });
  }
  const m = /^\/client\/v4\/accounts\/([^/]+)\/workers\/subdomain$/.exec(req.url ?? "");
  if (req.method !== "GET" || !m) return send(404, { success: false, errors: [{ code: 7003, message: "Could not route to " + req.url }] });
  if (m[1] !== "acc1") return send(403, { success: false, errors: [{ code: 9109, message: "Unauthorized to access requested resource" }] });
  if (!state.subdomain) return send(404, { success: false, errors: [{ code: 10007, message: "workers.api.error.subdomain_not_found" }], result: null });
  return send(200, { success: true, errors: [], messages: [], result: { subdomain: state.subdomain } });
});
server.listen(0, "127.0.0.1", () => {
  writeFileSync(process.env.FAKE_CF_API_URL_FILE, `http://127.0.0.1:${server.address().port}/client/v4`);
});
