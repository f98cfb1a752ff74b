import { hc } from "hono/client";
import type { AppType } from "../../worker/app";
import type { ApiErrorBody } from "../../schema/api/common";

/** Typed client for the Worker's API (paths and bodies come from the Worker's route table). */
// Pure: the bundler drops the client from the initial chunk while no screen uses it (030).
export const api = /* @__PURE__ */ hc<AppType>("/api", { init: { credentials: "same-origin" } });

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
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
    body?.error?.code ?? "http_error",
    body?.error?.message ?? `Request failed (${r.status})`,
    body?.error?.fields,
  );
}

/** Plain JSON request for places the typed client cannot describe (uploads, SWR keys). */
export function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body && typeof init.body === "string" && !headers.has("content-type")) headers.set("content-type", "application/json");
  return unwrap<T>(fetch(path, { credentials: "same-origin", ...init, headers }));
}

export const fetcher = <T,>(path: string) => request<T>(path);
