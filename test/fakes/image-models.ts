// Fakes of the image models (decision 118), refusing what the real services refuse:
// - OpenAI Images API, POST /openai/v1/images/generations (SDK baseURL FAKES_URL + "/openai/v1"):
//   every request is first checked against OpenAI's published contract (test/contracts/openai/:
//   CreateImageRequest of openapi.json, and the shut-down models of models.json; decisions 190 and
//   231): a field the schema does not declare is a 400, a shut-down model (dall-e-2 and dall-e-3
//   since 2026-05-12, a deprecated one after its date) the 404 model_not_found the API answers,
//   and either is recorded as a violation that fails the test. Then the GPT image models' own
//   rules: sizes 1024x1024, 1024x1536, 1536x1024, auto; prompts up to 32000 characters;
//   `response_format` refused (they always answer base64); unknown models 404 — each with OpenAI's
//   error shape { error: { message, type, param, code } }. Answers real images of the asked size
//   (JPEG or PNG bytes, base64). Magic words in the prompt: FAKE_CONTENT_POLICY (the safety refusal, 400),
//   FAKE_IMAGE_BAD_BYTES (base64 of bytes that are no image), FAKE_IMAGE_SLOW (answers after 3 s),
//   FAKE_IMAGE_SERVER_ERROR (500). GET /openai/_images/requests?contains=<text> lists requests.
// - Workers AI text-to-image through /workers-ai/run/<model> (test/fakes/workers-ai-binding.ts):
//   @cf/black-forest-labs/flux-1-schnell's input schema ({ prompt: 1-2048 characters, steps:
//   integer <= 8 }, no other property) and its answer { image: <base64 JPEG> }; FAKE_NSFW in the
//   prompt is refused. This file is registered before openai.ts, which owns the other models.
// Sources (decision 118): https://platform.openai.com/docs/api-reference/images/create and
// https://developers.cloudflare.com/workers-ai/models/flux-1-schnell/ (input/output schema).
import type { IncomingMessage, ServerResponse } from "node:http";
import { encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { openAiModelShutDown, openAiRequestProblems, recordViolation, workersAiRunCheck } from "../contracts/ai-services.ts";
import { fnvHash, sendJson, sendOpenAiError } from "./openai-wire.ts";
import { registerFake } from "./server.ts";

type ModelRules = { sizes: string[]; maxPrompt: number; maxN: number; quality: string[] };
const GPT: ModelRules = { sizes: ["1024x1024", "1024x1536", "1536x1024", "auto"], maxPrompt: 32000, maxN: 10, quality: ["low", "medium", "high", "auto"] };
// The models the Images API serves (CreateImageRequest.model in test/contracts/openai/openapi.json);
// dall-e-2 and dall-e-3 are listed there but shut down, which the contract check answers first.
const OPENAI_IMAGE_MODELS: Record<string, ModelRules> = {
  "gpt-image-2": GPT,
  "gpt-image-2-2026-04-21": GPT,
  "gpt-image-1": GPT,
  "gpt-image-1-mini": GPT,
  "gpt-image-1.5": GPT,
};

type ImageRequestLog = { path: string; body: Record<string, unknown>; status: number };
const log: ImageRequestLog[] = [];

function openAiError(res: ServerResponse, status: number, message: string, param: string | null, code: string | null, type = "invalid_request_error") {
  sendOpenAiError(res, status, { message, type, param, code });
}

const cache = new Map<string, Buffer>();

/** A real image of the size: a colour from the prompt, a diagonal band (so it is not one flat colour). */
function picture(prompt: string, width: number, height: number, format: "jpeg" | "png"): Buffer {
  const h = fnvHash(prompt);
  const key = `${h % 16}:${width}x${height}:${format}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const [r, g, b] = [60 + ((h >> 4) % 160), 60 + ((h >> 12) % 160), 60 + ((h >> 20) % 160)];
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const band = Math.abs(x - y) < width / 6 ? 60 : 0;
      data[i] = Math.min(255, r + band);
      data[i + 1] = Math.min(255, g + band);
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  }
  const bytes = format === "jpeg" ? jpeg.encode({ width, height, data }, 80).data : Buffer.from(encodePng({ width, height, data, channels: 4, depth: 8 }));
  cache.set(key, bytes);
  return bytes;
}

function dims(size: string): [number, number] {
  const [w, h] = (size === "auto" ? "1024x1024" : size).split("x").map(Number);
  return [w!, h!];
}

registerFake("/openai", async (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL) => {
  const path = url.pathname.slice("/openai".length);
  if (req.method === "GET" && path === "/_images/requests") {
    const contains = url.searchParams.get("contains") ?? "";
    sendJson(res, 200, { requests: log.filter((l) => JSON.stringify(l.body).includes(contains)) });
    return true;
  }
  if (req.method !== "POST" || path !== "/v1/images/generations") return false;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
  } catch {
    openAiError(res, 400, "We could not parse the JSON body of your request.", null, null);
    return true;
  }
  const entry: ImageRequestLog = { path, body: parsed, status: 200 };
  log.push(entry);
  if (log.length > 500) log.shift();
  const fail = (status: number, message: string, param: string | null, code: string | null, type?: string) => {
    entry.status = status;
    openAiError(res, status, message, param, code, type);
    return true;
  };
  if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) return fail(401, "Incorrect API key provided.", null, "invalid_api_key");
  // The published contract first (decision 231); a test probing the fake itself is not recorded.
  const problems = openAiRequestProblems({ method: "POST", path: "/images/generations", contentType: req.headers["content-type"], body: parsed });
  if (problems.length) {
    if (req.headers["x-contract-probe"] === undefined) recordViolation({ service: "openai", request: `POST ${path} model=${String(parsed.model)}`, problems });
    const named = String(parsed.model);
    // What the API answers for a shut-down model (same code as an unknown one: callers fall back on it).
    if (openAiModelShutDown(named))
      return fail(404, `The model \`${named}\` has been deprecated. Learn more: https://platform.openai.com/docs/deprecations`, null, "model_not_found");
    return fail(400, problems.join("; "), null, "invalid_request");
  }
  // The API's default model when none is given (openapi.json; shut down, so answered above).
  const model = typeof parsed.model === "string" && parsed.model ? parsed.model : "dall-e-2";
  const rules = OPENAI_IMAGE_MODELS[model];
  if (!rules) return fail(404, `The model \`${model}\` does not exist or you do not have access to it.`, null, "model_not_found");
  if (parsed.prompt === undefined) return fail(400, "Missing required parameter: 'prompt'.", "prompt", "missing_required_parameter");
  if (typeof parsed.prompt !== "string") return fail(400, "Invalid type for 'prompt': expected a string.", "prompt", "invalid_type");
  const prompt = parsed.prompt;
  if (prompt.length === 0)
    return fail(400, "Invalid 'prompt': empty string. Expected a string with minimum length 1, but got an empty string instead.", "prompt", "empty_string");
  if (prompt.length > rules.maxPrompt) {
    return fail(
      400,
      `Invalid 'prompt': string too long. Expected a string with maximum length ${rules.maxPrompt}, but got a string with length ${prompt.length} instead.`,
      "prompt",
      "string_above_max_length",
    );
  }
  if (parsed.response_format !== undefined) return fail(400, "Unknown parameter: 'response_format'.", "response_format", "unknown_parameter");
  const size = parsed.size === undefined ? "auto" : parsed.size;
  if (typeof size !== "string" || !rules.sizes.includes(size)) {
    const list = rules.sizes.map((s) => `'${s}'`);
    return fail(400, `Invalid value: '${String(size)}'. Supported values are: ${list.slice(0, -1).join(", ")}, and ${list.at(-1)}.`, "size", "invalid_value");
  }
  const n = parsed.n === undefined ? 1 : parsed.n;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > rules.maxN) {
    return fail(400, `Invalid 'n': expected an integer between 1 and ${rules.maxN}.`, "n", "invalid_value");
  }
  if (parsed.quality !== undefined && !rules.quality.includes(String(parsed.quality))) {
    return fail(
      400,
      `Invalid value: '${String(parsed.quality)}'. Supported values are: ${rules.quality.map((q) => `'${q}'`).join(", ")}.`,
      "quality",
      "invalid_value",
    );
  }
  const outputFormat = parsed.output_format === undefined ? "png" : parsed.output_format;
  if (!["png", "jpeg", "webp"].includes(String(outputFormat))) {
    return fail(400, `Invalid value: '${String(outputFormat)}'. Supported values are: 'png', 'jpeg', and 'webp'.`, "output_format", "invalid_value");
  }
  if (prompt.includes("FAKE_CONTENT_POLICY")) {
    return fail(
      400,
      "Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID req_fake. safety_violations=[violence].",
      null,
      "moderation_blocked",
      "image_generation_user_error",
    );
  }
  if (prompt.includes("FAKE_IMAGE_SERVER_ERROR"))
    return fail(500, "The server had an error while processing your request. Sorry about that!", null, null, "server_error");
  if (prompt.includes("FAKE_IMAGE_SLOW")) {
    await new Promise((r) => setTimeout(r, 3000));
    if (res.destroyed || req.destroyed) return true;
  }
  const [width, height] = dims(size);
  let bytes =
    outputFormat === "webp"
      ? Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 fake", "latin1")
      : picture(prompt, width, height, outputFormat === "jpeg" ? "jpeg" : "png");
  if (prompt.includes("FAKE_IMAGE_BAD_BYTES")) bytes = Buffer.from("<html>this is not an image</html>");
  // GPT image models always answer base64.
  const item = { b64_json: bytes.toString("base64") };
  const answer = {
    created: Math.floor(Date.now() / 1000),
    data: Array.from({ length: n }, () => item),
    background: "opaque",
    output_format: outputFormat,
    quality: parsed.quality ?? "medium",
    size: `${width}x${height}`,
    usage: { input_tokens: Math.ceil(prompt.length / 4), output_tokens: 1056, total_tokens: Math.ceil(prompt.length / 4) + 1056 },
  };
  sendJson(res, 200, answer);
  return true;
});

// Workers AI text-to-image models, by their published input schemas.
const FLUX_SCHNELL = "@cf/black-forest-labs/flux-1-schnell";

function aiError(res: ServerResponse, code: number, message: string) {
  sendJson(res, 400, { errors: [{ code, message: `AiError: ${message}` }] });
  return true;
}

registerFake("/workers-ai/run/", async (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL) => {
  const model = decodeURIComponent(url.pathname.slice("/workers-ai/run/".length));
  if (req.method !== "POST" || model !== FLUX_SCHNELL) return false;
  let inputs: Record<string, unknown>;
  try {
    inputs = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
  } catch {
    return aiError(res, 5006, "Invalid input");
  }
  // The published schema (test/contracts/workers-ai/models/flux-1-schnell.json, decision 190).
  const check = workersAiRunCheck(model, inputs);
  if (check.problems.length && req.headers["x-contract-probe"] === undefined)
    recordViolation({ service: "workers-ai", request: `run ${model}`, problems: check.problems });
  // additionalProperties: false
  const extra = Object.keys(inputs).filter((k) => k !== "prompt" && k !== "steps");
  if (extra.length) return aiError(res, 5006, `Input validation error: must NOT have additional properties (${extra.join(", ")})`);
  const prompt = inputs.prompt;
  if (typeof prompt !== "string") return aiError(res, 5006, "Input validation error: required properties: prompt");
  if (prompt.length < 1 || prompt.length > 2048)
    return aiError(res, 5006, `Input validation error: /prompt must NOT have ${prompt.length < 1 ? "fewer than 1" : "more than 2048"} characters`);
  if (inputs.steps !== undefined && (typeof inputs.steps !== "number" || !Number.isInteger(inputs.steps) || inputs.steps > 8)) {
    return aiError(res, 5006, "Input validation error: /steps must be an integer <= 8");
  }
  if (prompt.includes("FAKE_NSFW")) return aiError(res, 3030, "Input prompt contains NSFW content.");
  sendJson(res, 200, { image: picture(prompt, 1024, 1024, "jpeg").toString("base64") });
  return true;
});
