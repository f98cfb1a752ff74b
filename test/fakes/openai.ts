// A local OpenAI-compatible server (prefix /openai; SDK baseURL = FAKES_URL + "/openai/v1") that
// answers POST /v1/chat/completions and POST /v1/embeddings in the real API's shapes, including
// base64 embeddings (the SDK asks for them by default). Answers are deterministic and derived from
// the request. Failure switches are magic words anywhere in the request body:
//   FAKE_MALFORMED_JSON            chat answers with text that is not JSON
//   FAKE_MALFORMED_JSON_ONCE:<key> the first chat request with that key gets text that is not JSON
//   FAKE_REFUSAL                   chat refuses: OpenAI's message.refusal with content null
//                                  (Workers AI: the refusal as the answer's text)
//   FAKE_REFUSAL_ONCE:<key>        the first chat request with that key is refused
//   FAKE_RATE_LIMIT_ONCE:<key>     the first request with that key gets 429 with Retry-After: 1
//   FAKE_RATE_LIMIT_LONG           429 with Retry-After: 3600
//   FAKE_SERVER_ERROR              always 500
//   FAKE_SERVER_ERROR_ONCE:<key>   the first request with that key gets 500
//   FAKE_BAD_REQUEST               400 invalid_request_error
//   FAKE_SLOW_ONCE:<key>           the first request with that key answers after 1.5 s
//   FAKE_UNRULY_POSTS              a message answer with an empty variant, networks named "X", 600 characters long
//   FAKE_NOT_FOUND in the model name  404 model_not_found (a model the account does not have)
// GET /openai/_requests?contains=<text> lists the logged requests whose body contains the text.
// Every request is first checked against OpenAI's published contract (test/contracts/openai/,
// decision 190): an unknown endpoint, a field the OpenAPI description does not declare, a
// shut-down model or a parameter a reasoning model refuses is answered as the API would (400 or
// 404) and recorded as a violation, which fails the test (test/worker/setup.ts). A request with
// the header x-contract-probe (a test probing the fake itself) is answered but not recorded.
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  openAiModelShutDown,
  openAiRequestProblems,
  recordViolation,
  strictSchemaProblems,
  structuredAnswerProblems,
  workersAiOutputProblems,
  workersAiRunCheck,
} from "../contracts/ai-services.ts";
import { fnvHash, sendJson, sendOpenAiError } from "./openai-wire.ts";
import { registerFake } from "./server.ts";

type Logged = { path: string; at: number; authorized: boolean; body: Record<string, unknown>; status: number };
const log: Logged[] = [];
const seenKeys = new Set<string>();

function apiError(res: ServerResponse, status: number, message: string, type: string, code: string | null, headers: Record<string, string> = {}) {
  sendOpenAiError(res, status, { message, type, code }, headers);
}

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 15 && !/^(Document \d+:|Title:|---)/.test(s));
}

const STOP = new Set("the a an and or of to in on for with is are was were be by at from as that this it its our we you your their they".split(" "));

function topWords(text: string, n: number): string[] {
  const counts = new Map<string, number>();
  for (const w of text.toLowerCase().match(/[a-z][a-z-]{3,}/g) ?? []) if (!STOP.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([w]) => w);
}

function after(text: string, marker: string): string {
  const i = text.indexOf(marker);
  return i >= 0 ? text.slice(i + marker.length) : text;
}

/** The JSON answer a cooperative model would give, chosen by the keys the prompt asks for. */
function answerFor(prompt: string): Record<string, unknown> {
  const docs = prompt.includes("Document 1:") ? after(prompt, "Document 1:") : prompt;
  // The brain's LLM paths (decision 220): questions per numbered passage, and a composed answer.
  const numbered = [...prompt.matchAll(/^\[(\d+)\] (?:\([a-z_]+\) )?(.*)$/gm)].map((m) => m[2]!);
  if (prompt.includes('"questions"')) return { questions: numbered.map((p) => topWords(p, 2).map((w) => `What about ${w}?`)) };
  if (prompt.includes('"cited"')) {
    const question = /A customer asks: (.*)/.exec(prompt)?.[1] ?? "";
    const asked = new Set(topWords(question, 20));
    const scored = numbered.map((p, i) => ({ i, n: topWords(p, 50).filter((w) => asked.has(w)).length }));
    const best = scored.sort((a, b) => b.n - a.n || a.i - b.i)[0];
    if (!best || best.n === 0) return { answer: "", cited: [] };
    const sentence = sentencesOf(numbered[best.i]!).find((s) => !s.endsWith("?")) ?? numbered[best.i]!;
    // FAKE_UNGROUNDED: a model that adds a figure no passage states.
    return { answer: question.includes("FAKE_UNGROUNDED") ? `${sentence} It costs 999 pounds.` : sentence, cited: [best.i + 1] };
  }
  if (prompt.includes('"topics"')) {
    return {
      topics: topWords(docs, 4).map((w, i) => ({
        name: w.charAt(0).toUpperCase() + w.slice(1),
        description: sentencesOf(docs).find((s) => s.toLowerCase().includes(w)) ?? `About ${w}.`,
        relevance_score: Math.round((0.95 - i * 0.15) * 100) / 100,
      })),
    };
  }
  if (prompt.includes('"goals"')) {
    const s = sentencesOf(docs);
    return { goals: s.slice(0, 1), audience: s.slice(1, 2), brand_traits: s.slice(2, 3), features: s.slice(3, 5), social_hooks: s.slice(5, 6) };
  }
  if (prompt.includes('"elevator_pitch"') && prompt.includes("Passages by role:")) {
    // The overview by role (decision 255): each field from its own group of passages.
    const group = (field: string) =>
      (after(prompt, `### ${field}`).split(/\n(?:###|Answer with JSON)/)[0] ?? "")
        .split("\n")
        .filter((l) => l.startsWith("- "))
        .map((l) => l.slice(2));
    const facts = sentencesOf(group("What the brand is and offers").join(" "));
    const pillars = group("Content pillars").flatMap((l) =>
      l
        .replace(/^[^:]*:\s*/, "")
        .replace(/\.$/, "")
        .split(/,\s*(?:and\s+)?/),
    );
    return {
      elevator_pitch: facts[0] ?? "",
      value_props: facts.slice(1, 4),
      positioning: group("Market position (competitors and positioning)")[0] ?? "",
      brand_story: group("Brand story (founding, story, values, team)").slice(0, 2).join(" "),
      content_themes: pillars,
    };
  }
  if (prompt.includes('"elevator_pitch"')) {
    const name = /brand "([^"]+)"/.exec(prompt)?.[1] ?? "The brand";
    const summaries = sentencesOf(after(prompt, "Document summaries:"));
    return {
      elevator_pitch: `${name}: ${summaries[0] ?? "a brand"}`,
      value_props: summaries.slice(0, 3),
      positioning: summaries[1] ?? summaries[0] ?? "",
      brand_story: summaries.slice(0, 2).join(" "),
      content_themes: topWords(after(prompt, "Document summaries:"), 4),
    };
  }
  if (prompt.includes('"summary"')) {
    return { summary: sentencesOf(after(prompt, "Title:")).slice(1, 3).join(" ") };
  }
  // The writer (worker/adapters/ai/writer/prompts.ts): a campaign's plan, then each message on every network.
  const request = (/Request: (.*)/.exec(prompt)?.[1] ?? "").trim();
  // The numbered fact lines only (the voice and notes steer and are never quoted).
  const factBlock = after(prompt, "(numbered facts):").split(/\n\s*\n/)[0] ?? "";
  const facts = new Map([...factBlock.matchAll(/^\[(\d+)\] (.*)$/gm)].map((m) => [Number(m[1]), m[2]!.trim()]));
  if (prompt.includes('{"messages": [')) {
    // A cooperative model plans the asked count, one fact per message in turn.
    const count = Number(/campaign of (\d+) messages/.exec(prompt)?.[1] ?? "1");
    const numbers = [...facts.keys()];
    return {
      messages: Array.from({ length: count }, (_, i) => {
        const n = numbers.length ? numbers[i % numbers.length]! : null;
        return {
          subject: request,
          angle: n !== null ? (sentencesOf(facts.get(n)!)[0] ?? facts.get(n)!) : request,
          facts: n !== null ? [n] : [],
          call_to_action: null,
        };
      }),
    };
  }
  if (prompt.includes('{"variants": [')) {
    const platforms = JSON.parse(/"platform": one of (\[[^\]]*\])/.exec(prompt)?.[1] ?? '["twitter"]') as string[];
    const planned = [...(/Draw on the numbered facts: ([^\n]*)/.exec(prompt)?.[1]?.matchAll(/\[(\d+)\]/g) ?? [])].map((m) => Number(m[1]));
    const used = planned.find((n) => facts.has(n)) ?? [...facts.keys()][0];
    const fact = used !== undefined ? facts.get(used)! : "";
    return {
      variants: platforms.map((platform) => ({
        platform,
        content: `${request} ${fact}`.trim(),
        hashtags: topWords(request, 2).map((w) => `#${w}`),
        image_prompt: `An image about ${request}`,
        sources: used !== undefined ? [used] : [],
      })),
    };
  }
  if (prompt.includes('{"content": string (the edited post')) {
    // Rewrite / Change tone: the draft's own sentences, reordered, in the voice asked for (marked so tests can see it).
    const draft = after(prompt, "Draft:\n").split("\nHashtags:")[0]!.trim();
    const voice = /in this voice: ([^.]+)\./.exec(prompt)?.[1];
    const sentences = sentencesOf(draft);
    const content = (sentences.length > 1 ? [...sentences.slice(1), sentences[0]!] : [draft]).join(" ");
    return { content: voice ? `${content} (${voice})` : content, hashtags: topWords(draft, 1).map((w) => w.charAt(0).toUpperCase() + w.slice(1)) };
  }
  return { echo: prompt.slice(0, 100) };
}

function embeddingOf(text: string, dim: number): Float32Array {
  const v = new Float32Array(dim);
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    const h = fnvHash(words[i]!);
    v[h % dim]! += h & 1 ? 1 : -1;
    if (i + 1 < words.length) {
      const b = fnvHash(`${words[i]} ${words[i + 1]}`);
      v[b % dim]! += b & 1 ? 0.5 : -0.5;
    }
  }
  // A shared component, as real models have: unrelated texts are not orthogonal.
  v[0]! += Math.sqrt(words.length || 1);
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  return v.map((x) => x / n);
}

const DIMS: Record<string, number> = { "text-embedding-ada-002": 1536, "text-embedding-3-small": 1536, "text-embedding-3-large": 3072 };
/** What GET /v1/models lists for the fake account (`npm run doctor` reads it). */
const FAKE_ACCOUNT_MODELS = ["gpt-5.6-terra", "gpt-5.4-mini", "text-embedding-3-small", "text-embedding-3-large", "gpt-image-2"];

function switches(res: ServerResponse, raw: string): boolean {
  if (raw.includes("FAKE_SERVER_ERROR") && !raw.includes("FAKE_SERVER_ERROR_ONCE")) {
    apiError(res, 500, "The server had an error while processing your request. Sorry about that!", "server_error", null);
    return true;
  }
  for (const [word, status] of [
    ["FAKE_RATE_LIMIT_ONCE:", 429],
    ["FAKE_SERVER_ERROR_ONCE:", 500],
  ] as const) {
    const m = new RegExp(`${word}([A-Za-z0-9_-]+)`).exec(raw);
    if (m && !seenKeys.has(`${word}${m[1]}`)) {
      seenKeys.add(`${word}${m[1]}`);
      if (status === 429)
        apiError(res, 429, "Rate limit reached for requests. Please try again in 1s.", "requests", "rate_limit_exceeded", { "retry-after": "1" });
      else apiError(res, 500, "The server had an error while processing your request. Sorry about that!", "server_error", null);
      return true;
    }
  }
  if (raw.includes("FAKE_RATE_LIMIT_LONG")) {
    apiError(res, 429, "Rate limit reached for requests. Please try again in 1h.", "requests", "rate_limit_exceeded", { "retry-after": "3600" });
    return true;
  }
  if (raw.includes("FAKE_BAD_REQUEST")) {
    apiError(res, 400, "This model's maximum context length is 8192 tokens.", "invalid_request_error", "context_length_exceeded");
    return true;
  }
  return false;
}

registerFake("/openai", async (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL) => {
  const path = url.pathname.slice("/openai".length);
  if (req.method === "GET" && path === "/_requests") {
    const contains = url.searchParams.get("contains") ?? "";
    sendJson(res, 200, { requests: log.filter((l) => JSON.stringify(l.body).includes(contains)) });
    return true;
  }
  const probe = req.headers["x-contract-probe"] !== undefined;
  if (path.startsWith("/v1/") && !(req.method === "POST" && (path === "/v1/chat/completions" || path === "/v1/embeddings"))) {
    if (req.method === "GET" && path === "/v1/models") {
      sendJson(res, 200, {
        object: "list",
        data: FAKE_ACCOUNT_MODELS.map((id) => ({ id, object: "model", created: 1_750_000_000, owned_by: "openai", shutdown_date: null })),
      });
      return true;
    }
    const problems = openAiRequestProblems({ method: req.method ?? "GET", path: path.slice(3), contentType: req.headers["content-type"], body: {} });
    if (problems.length && !probe) recordViolation({ service: "openai", request: `${req.method} ${path}`, problems });
    apiError(res, 404, `Invalid URL (${req.method} ${path})`, "invalid_request_error", null);
    return true;
  }
  if (req.method !== "POST" || (path !== "/v1/chat/completions" && path !== "/v1/embeddings")) return false;
  const raw = body.toString("utf8");
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    apiError(res, 400, "We could not parse the JSON body of your request.", "invalid_request_error", null);
    return true;
  }
  const authorized = /^Bearer \S+/.test(req.headers.authorization ?? "");
  const entry: Logged = { path, at: Date.now(), authorized, body: parsed, status: 200 };
  log.push(entry);
  if (log.length > 1000) log.shift();
  const origEnd = res.end.bind(res);
  res.end = ((...args: Parameters<typeof res.end>) => {
    entry.status = res.statusCode;
    return origEnd(...args);
  }) as typeof res.end;
  if (!authorized) {
    apiError(res, 401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
    return true;
  }
  const problems = openAiRequestProblems({ method: "POST", path: path.slice(3), contentType: req.headers["content-type"], body: parsed });
  if (problems.length) {
    if (!probe) recordViolation({ service: "openai", request: `POST ${path} model=${String(parsed.model)}`, problems });
    const model = String(parsed.model);
    if (openAiModelShutDown(model))
      apiError(res, 404, `The model \`${model}\` does not exist or you do not have access to it.`, "invalid_request_error", "model_not_found");
    else apiError(res, 400, problems.join("; "), "invalid_request_error", "invalid_request");
    return true;
  }
  // Structured outputs (decision 258): a strict schema must follow OpenAI's rules, as the API checks.
  const format = parsed.response_format as { type?: string; json_schema?: { name?: string; schema?: object; strict?: boolean | null } } | undefined;
  const strictSchema = format?.type === "json_schema" && format.json_schema?.strict ? (format.json_schema.schema ?? {}) : null;
  const schemaProblems = strictSchema ? strictSchemaProblems(strictSchema) : [];
  if (schemaProblems.length) {
    if (!probe) recordViolation({ service: "openai", request: `POST ${path} response_format`, problems: schemaProblems });
    apiError(
      res,
      400,
      `Invalid schema for response_format '${format?.json_schema?.name ?? ""}': ${schemaProblems[0]}`,
      "invalid_request_error",
      "invalid_request",
    );
    return true;
  }
  if (typeof parsed.model === "string" && parsed.model.includes("FAKE_NOT_FOUND")) {
    apiError(res, 404, `The model \`${parsed.model}\` does not exist or you do not have access to it.`, "invalid_request_error", "model_not_found");
    return true;
  }
  if (switches(res, raw)) return true;
  const slow = /FAKE_SLOW_ONCE:([A-Za-z0-9_-]+)/.exec(raw);
  if (slow && !seenKeys.has(`slow:${slow[1]}`)) {
    seenKeys.add(`slow:${slow[1]}`);
    await new Promise((r) => setTimeout(r, 1500));
    if (res.destroyed || req.destroyed) return true; // the client gave up (timeout)
  }
  const model = typeof parsed.model === "string" ? parsed.model : "";
  if (!model) {
    apiError(res, 400, "you must provide a model parameter", "invalid_request_error", null);
    return true;
  }

  if (path === "/v1/embeddings") {
    const input = typeof parsed.input === "string" ? [parsed.input] : Array.isArray(parsed.input) ? parsed.input : null;
    if (!input || input.length === 0 || input.some((t) => typeof t !== "string" || t.length === 0)) {
      apiError(res, 400, "'$.input' is invalid. Please check the API reference.", "invalid_request_error", null);
      return true;
    }
    const dim = typeof parsed.dimensions === "number" ? parsed.dimensions : (DIMS[model] ?? 1536);
    const base64 = parsed.encoding_format === "base64";
    const data = (input as string[]).map((text, index) => {
      const v = embeddingOf(text, dim);
      return { object: "embedding", index, embedding: base64 ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") : Array.from(v) };
    });
    const tokens = (input as string[]).reduce((n, t) => n + Math.ceil(t.length / 4), 0);
    sendJson(res, 200, { object: "list", data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
    return true;
  }

  const messages = Array.isArray(parsed.messages) ? (parsed.messages as { role?: string; content?: unknown }[]) : [];
  const prompt = messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n\n");
  if (messages.length === 0) {
    apiError(res, 400, "'messages' is a required property", "invalid_request_error", null);
    return true;
  }
  if (raw.includes("FAKE_UNRULY_POSTS")) {
    const long = "Our kit is the best way to start a summer morning, every single day of the week. ".repeat(8).trim();
    // A message answer breaking what the prompt asked: an empty variant, a network named "X", hashtags with marks.
    const variants = [
      { content: "", hashtags: [], platform: "twitter", image_prompt: null, sources: [] },
      { content: long, hashtags: ["#Summer", "#ColdBrew", "##Coffee", "not a tag!"], platform: "X", image_prompt: null, sources: [] },
      { content: long, hashtags: ["Summer"], platform: "X", image_prompt: null, sources: [] },
    ];
    sendChat(res, model, raw, prompt, JSON.stringify(prompt.includes('{"messages": [') ? answerFor(prompt) : { variants }), "stop");
    return true;
  }
  const bad = badAnswer(raw);
  if (bad === "refusal") {
    sendChat(res, model, raw, prompt, null, "stop", REFUSAL);
    return true;
  }
  const answer = answerFor(prompt);
  // The fake's own honesty: with strict structured outputs the real answer always follows the schema.
  if (strictSchema && !bad) {
    const wrong = structuredAnswerProblems(strictSchema, answer);
    if (wrong.length) recordViolation({ service: "openai (fake answer)", request: `POST ${path} ${format?.json_schema?.name ?? ""}`, problems: wrong });
  }
  let content = bad === "malformed" ? MALFORMED : JSON.stringify(answer);
  let finish = "stop";
  const limit = parsed.max_completion_tokens ?? parsed.max_tokens;
  const maxTokens = typeof limit === "number" ? limit : Infinity;
  // About 4 characters per token: an answer longer than max_tokens is cut off, as the real API does.
  if (content.length / 4 > maxTokens) {
    content = content.slice(0, maxTokens * 4);
    finish = "length";
  }
  sendChat(res, model, raw, prompt, content, finish);
  return true;
});

const MALFORMED = 'Sure! Here is what you asked for: {"topics": [{"name": "Coffee", "description": "unterminated';
const REFUSAL = "I'm sorry, but I can't help with that request.";

/** The answer's failure switch: FAKE_MALFORMED_JSON(_ONCE:<key>) or FAKE_REFUSAL(_ONCE:<key>). */
function badAnswer(raw: string): "malformed" | "refusal" | null {
  for (const [word, kind] of [
    ["FAKE_MALFORMED_JSON", "malformed"],
    ["FAKE_REFUSAL", "refusal"],
  ] as const) {
    const once = new RegExp(`${word}_ONCE:([A-Za-z0-9_-]+)`).exec(raw);
    if (once) {
      if (seenKeys.has(`${word}:${once[1]}`)) continue;
      seenKeys.add(`${word}:${once[1]}`);
      return kind;
    }
    if (new RegExp(`${word}(?!_ONCE)`).test(raw)) return kind;
  }
  return null;
}

function sendChat(res: ServerResponse, model: string, raw: string, prompt: string, content: string | null, finish: string, refusal: string | null = null) {
  const promptTokens = Math.ceil(prompt.length / 4);
  const completionTokens = Math.ceil((content ?? refusal ?? "").length / 4);
  sendJson(res, 200, {
    id: `chatcmpl-${fnvHash(raw).toString(36)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal }, logprobs: null, finish_reason: finish }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    system_fingerprint: "fp_fake",
  });
}

// OpenAI-compatible local servers (Ollama, LM Studio, vLLM) under /compat/v1: the same answers,
// the way those servers give them — float embeddings even when base64 is asked for, no usage
// block, no API key required — and their own embedding models' dimensions.
const COMPAT_DIMS: Record<string, number> = { "nomic-embed-text": 768, "mxbai-embed-large": 1024, "all-minilm": 384 };

registerFake("/compat", async (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL) => {
  const path = url.pathname.slice("/compat".length);
  if (req.method !== "POST" || (path !== "/v1/chat/completions" && path !== "/v1/embeddings")) return false;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
  } catch {
    sendJson(res, 400, { error: "invalid JSON" });
    return true;
  }
  const model = typeof parsed.model === "string" ? parsed.model : "";
  if (!model) {
    sendJson(res, 400, { error: "model is required" });
    return true;
  }
  if (path === "/v1/embeddings") {
    const input = typeof parsed.input === "string" ? [parsed.input] : Array.isArray(parsed.input) ? parsed.input : null;
    if (!input || input.length === 0 || input.some((t) => typeof t !== "string")) {
      sendJson(res, 400, { error: "invalid input" });
      return true;
    }
    const dim = COMPAT_DIMS[model] ?? 768;
    sendJson(res, 200, {
      object: "list",
      model,
      data: (input as string[]).map((text, index) => ({ object: "embedding", index, embedding: Array.from(embeddingOf(text, dim)) })),
    });
    return true;
  }
  const messages = Array.isArray(parsed.messages) ? (parsed.messages as { content?: unknown }[]) : [];
  if (!messages.length) {
    sendJson(res, 400, { error: "messages is required" });
    return true;
  }
  const prompt = messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n\n");
  sendJson(res, 200, {
    id: `chatcmpl-${fnvHash(prompt).toString(36)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify(answerFor(prompt)) }, finish_reason: "stop" }],
  });
  return true;
});

// Workers AI, as the `AI` binding sees it (test/fakes/workers-ai-binding.ts forwards run() here):
// POST /workers-ai/run/<model> with the inputs. Every call is checked against the model's
// published input schema (test/contracts/workers-ai/models/, decision 190): a retired model, a
// model without a contract, or inputs the schema does not admit (an undeclared field included)
// are refused as the binding refuses them (it then throws) and recorded as violations. Text
// models answer in their contract's output shape (chat.completion for glm-4.7-flash and
// gemma-4-26b-a4b-it); embedding models { shape: [n, dim], data }. A model name containing
// FAKE_NOT_FOUND answers "No such model" without a violation (fallback tests).
// FAKE_CAPACITY_ONCE:<key> answers 429 once.
const workersAiLog: { model: string; inputs: Record<string, unknown> }[] = [];

registerFake("/workers-ai", async (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL) => {
  const model = decodeURIComponent(url.pathname.slice("/workers-ai/run/".length));
  if (req.method !== "POST" || !url.pathname.startsWith("/workers-ai/run/")) return false;
  const raw = body.toString("utf8");
  let inputs: Record<string, unknown>;
  try {
    inputs = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    sendJson(res, 400, { errors: [{ code: 5006, message: "AiError: Invalid input" }] });
    return true;
  }
  workersAiLog.push({ model, inputs });
  const probe = req.headers["x-contract-probe"] !== undefined;
  const noSuchModel = () => sendJson(res, 400, { errors: [{ code: 5007, message: `AiError: No such model ${model} or task` }] });
  if (model.includes("FAKE_NOT_FOUND")) {
    noSuchModel();
    return true;
  }
  const check = workersAiRunCheck(model, inputs);
  if (check.problems.length && !probe) recordViolation({ service: "workers-ai", request: `run ${model}`, problems: check.problems });
  if (check.kind !== "ok") {
    noSuchModel();
    return true;
  }
  if (check.problems.length) {
    sendJson(res, 400, { errors: [{ code: 5006, message: `AiError: Invalid input: ${check.problems.join("; ")}` }] });
    return true;
  }
  const capacity = /FAKE_CAPACITY_ONCE:([A-Za-z0-9_-]+)/.exec(raw);
  if (capacity && !seenKeys.has(`capacity:${capacity[1]}`)) {
    seenKeys.add(`capacity:${capacity[1]}`);
    sendJson(res, 429, { errors: [{ code: 3040, message: "AiError: Capacity temporarily exceeded, please try again." }] });
    return true;
  }
  if (raw.includes("FAKE_SERVER_ERROR")) {
    sendJson(res, 400, { errors: [{ code: 5006, message: "AiError: Invalid input: FAKE_SERVER_ERROR" }] });
    return true;
  }
  const answer = (out: Record<string, unknown>) => {
    // The fake's own answer must match the published output schema too.
    const wrong = workersAiOutputProblems(model, out);
    if (wrong.length) recordViolation({ service: "workers-ai (fake answer)", request: `run ${model}`, problems: wrong });
    sendJson(res, 200, out);
  };
  const dim = check.model.output_dimensions;
  if (check.model.task === "Text Embeddings" && dim) {
    const text = typeof inputs.text === "string" ? [inputs.text] : (inputs.text as string[]);
    answer({ shape: [text.length, dim], data: text.map((t) => Array.from(embeddingOf(t, dim))), pooling: "mean" });
    return true;
  }
  if (check.model.task === "Text Classification") {
    // A reranker: each context scored by the share of the query's words it contains, best first.
    const asked = new Set(topWords(String(inputs.query), 30));
    const contexts = inputs.contexts as { text: string }[];
    const scored = contexts.map((c, id) => ({ id, score: asked.size ? topWords(c.text, 80).filter((w) => asked.has(w)).length / asked.size : 0 }));
    const topK = typeof inputs.top_k === "number" ? inputs.top_k : scored.length;
    answer({ response: scored.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, topK) });
    return true;
  }
  if (check.model.task === "Text Generation") {
    const messages = Array.isArray(inputs.messages) ? (inputs.messages as { content?: unknown }[]) : null;
    const prompt = messages ? messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n\n") : String(inputs.prompt ?? "");
    // Workers AI's text models have no refusal field: a refusal is the answer's text.
    const bad = badAnswer(raw);
    const json = answerFor(prompt);
    // JSON Mode: the answer follows the schema the request sent (the fake's own honesty check).
    const format = inputs.response_format as { type?: string; json_schema?: { schema?: object } } | undefined;
    if (format?.type === "json_schema" && format.json_schema?.schema && !bad) {
      const wrong = structuredAnswerProblems(format.json_schema.schema, json);
      if (wrong.length) recordViolation({ service: "workers-ai (fake answer)", request: `run ${model} json_schema`, problems: wrong });
    }
    const content = bad === "refusal" ? REFUSAL : bad === "malformed" ? MALFORMED : JSON.stringify(json);
    const usage = {
      prompt_tokens: Math.ceil(prompt.length / 4),
      completion_tokens: Math.ceil(content.length / 4),
      total_tokens: Math.ceil((prompt.length + content.length) / 4),
    };
    const chatCompletion = "choices" in ((check.model.schema.output as { properties?: object }).properties ?? {});
    answer(
      chatCompletion
        ? {
            id: `chatcmpl-${fnvHash(raw).toString(36)}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{ index: 0, message: { role: "assistant", content, reasoning_content: null }, finish_reason: "stop", logprobs: null }],
            usage,
          }
        : { response: content, usage },
    );
    return true;
  }
  noSuchModel();
  return true;
});
