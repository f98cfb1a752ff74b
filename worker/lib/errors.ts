// Every failure the API reports has one shape: { error: { code, message, fields? } } with a 4xx
// status for anything the caller sent. Services throw ApiError; app.onError renders it. Anything
// else is a bug and answers 500 without leaking internals. Codes and their statuses come from the
// one closed table schema/api/errors.ts (decision 210): the type refuses a code outside it, or a
// status that is not the code's.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERRORS, type ErrorCode, type ErrorStatus } from "../../schema/api/errors";

export type ErrorBody = { error: { code: ErrorCode; message: string; fields?: Record<string, string> } };

export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: ContentfulStatusCode;
  /** Extra response headers (Retry-After of a 429). */
  headers?: Record<string, string>;
  constructor(
    status: ErrorStatus<C>,
    readonly code: C,
    message?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message ?? ERRORS[code].message);
    this.status = status as ContentfulStatusCode;
  }
}

/** An error of the closed set by its code alone (its status and default message from the table). */
export function apiError<C extends ErrorCode>(code: C, message?: string, fields?: Record<string, string>): ApiError<C> {
  return new ApiError<C>(ERRORS[code].status as ErrorStatus<C>, code, message, fields);
}

export const badRequest = (message: string, fields?: Record<string, string>) => apiError("invalid_input", message, fields);
export const unauthorized = (message = "Not signed in") => apiError("unauthorized", message);
export const forbidden = (message = "Forbidden") => apiError("forbidden", message);
// A row the caller does not own answers exactly as a missing one (docs/architecture.md security rules).
export const notFound = (message = "Not found") => apiError("not_found", message);
export const conflict = (message: string) => apiError("conflict", message);
export const tooManyRequests = (message = "Too many requests. Please try again later.", retryAfterSeconds?: number) => {
  const err = apiError("rate_limited", message);
  if (retryAfterSeconds !== undefined) err.headers = { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  return err;
};
export const payloadTooLarge = (message: string) => apiError("too_large", message);

export function errorBody(code: ErrorCode, message?: string, fields?: Record<string, string>): ErrorBody {
  const text = message ?? ERRORS[code].message;
  return { error: fields ? { code, message: text, fields } : { code, message: text } };
}
