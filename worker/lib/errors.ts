// Every failure the API reports has one shape: { error: { code, message, fields? } } with a 4xx
// status for anything the caller sent. Services throw ApiError; app.onError renders it. Anything
// else is a bug and answers 500 without leaking internals.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new ApiError(400, "invalid_input", message, fields);
export const unauthorized = (message = "Not signed in") => new ApiError(401, "unauthorized", message);
export const forbidden = (message = "Forbidden") => new ApiError(403, "forbidden", message);
// A row the caller does not own answers exactly as a missing one (DESIGN security rules).
export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);
export const conflict = (message: string) => new ApiError(409, "conflict", message);
export const tooManyRequests = (message = "Too many requests. Please try again later.") =>
  new ApiError(429, "rate_limited", message);
export const payloadTooLarge = (message: string) => new ApiError(413, "too_large", message);

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}
