import type { ApiErrorBody } from "../../schema/api/common";
import type { ErrorCode } from "../../schema/api/errors";

/** Failures the browser reports before any server answer (no connection, an aborted upload). */
export type ClientErrorCode = "network" | "aborted";

/** A failed API call. Screens switch on `code` (the closed set of schema/api/errors.ts, decision 210), never on the message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Turns a non-OK response into an ApiRequestError carrying the server's message. */
export async function unwrap<T>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  if (r.ok) return (r.status === 204 ? undefined : await r.json()) as T;
  let body: ApiErrorBody | null = null;
  try {
    body = (await r.json()) as ApiErrorBody;
  } catch {
    /* not JSON */
  }
  throw new ApiRequestError(
    r.status,
    // The Worker answers only codes of the closed set; a body without one (a proxy's HTML error
    // page, say) is our failure. The set itself (schema/api/errors.ts, messages included) stays out
    // of the start-up chunk: /login's 150 KiB gzip budget.
    typeof body?.error?.code === "string" ? body.error.code : "internal",
    body?.error?.message ?? `Request failed (${r.status})`,
    body?.error?.fields,
  );
}

/** A JSON request to the API (decision 250): the body and answer types come from schema/api. */
export function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body && typeof init.body === "string" && !headers.has("content-type")) headers.set("content-type", "application/json");
  return unwrap<T>(fetch(path, { credentials: "same-origin", ...init, headers }));
}

export const fetcher = <T>(path: string) => request<T>(path);
