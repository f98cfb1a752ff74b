// What every OpenAI fake answers with: JSON with a request id, and OpenAI's error shape
// { error: { message, type, param, code } } (https://platform.openai.com/docs/guides/error-codes).
import type { ServerResponse } from "node:http";

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", "x-request-id": `req_${Date.now()}`, ...headers });
  res.end(JSON.stringify(body));
}

export type OpenAiErrorBody = { message: string; type: string; param?: string | null; code: string | null };

export function sendOpenAiError(res: ServerResponse, status: number, error: OpenAiErrorBody, headers: Record<string, string> = {}) {
  sendJson(res, status, { error: { message: error.message, type: error.type, param: error.param ?? null, code: error.code } }, headers);
}

/** 32-bit FNV-1a: the fakes' deterministic answers and ids come from it. */
export function fnvHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
