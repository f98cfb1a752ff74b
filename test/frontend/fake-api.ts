import { vi } from "vitest";

// The one fake of Brandpilot's API for component tests: fetch answers from a route table written
// the way the Worker's routes are ("GET /api/projects/:projectId/calendar"), and every call is
// recorded for the test to read. A call no route answers gets the API's own 404 body and is listed
// in `unmatched`, so a test sees a screen asking for something it did not expect.

export type FakeRequest = {
  method: string;
  /** The path and query as the SPA sent them ("/api/posts?x=1"). */
  url: string;
  path: string;
  query: URLSearchParams;
  /** The `:name` parts of the route's pattern. */
  params: Record<string, string>;
  /** The JSON body, the raw string when it is not JSON, or the FormData / Blob sent. */
  body: unknown;
};

/** What a route answers: a Response as is, `[status, body]`, or a JSON body for 200 (undefined: 204). */
type Answer = Response | [number, unknown] | object | string | number | boolean | null | undefined;
export type FakeRoute = ((req: FakeRequest) => Answer | Promise<Answer>) | Exclude<Answer, undefined>;

/** A JSON Response (the API's content type), status 200 unless given. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const NOT_FOUND = { error: { code: "not_found", message: "Not found" } };

function compile(key: string): { method: string | null; match: (path: string) => Record<string, string> | null } {
  const [first, second] = key.split(" ");
  const method = second === undefined ? null : first!.toUpperCase();
  const pattern = second ?? first!;
  const names: string[] = [];
  const source = pattern
    .split("/")
    .map((part) => {
      if (part.startsWith(":")) {
        names.push(part.slice(1));
        return "([^/]+)";
      }
      return part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  const re = new RegExp(`^${source}$`);
  return {
    method,
    match: (path) => {
      const m = re.exec(path);
      return m ? Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) : null;
    },
  };
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== "string") return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

async function toResponse(answer: Answer): Promise<Response> {
  if (answer instanceof Response) return answer;
  if (Array.isArray(answer) && answer.length === 2 && typeof answer[0] === "number") return jsonResponse(answer[1], answer[0]);
  return answer === undefined ? new Response(null, { status: 204 }) : jsonResponse(answer);
}

/**
 * Replaces fetch until vi.restoreAllMocks / vi.unstubAllGlobals. `routes` maps "METHOD /path/:param"
 * (or a path alone, for any method; `*` matches the rest) to an answer or a handler; the first
 * route that matches answers; routes a test adds to `routes` later answer too. Returns the recorded
 * calls, the calls no route answered, and `queue(key, ...answers)`: one-call answers for a route
 * key, used in order (one per matching call) before the table, for a test that walks a screen
 * through a failure then a success, or holds a call open with a handler returning a pending promise.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeRequest[] = [];
  const unmatched: string[] = [];
  const queued: { key: string; answer: FakeRoute }[] = [];
  const answerOnce = (method: string, path: string): { route: FakeRoute; params: Record<string, string> } | null => {
    for (const [i, { key, answer }] of queued.entries()) {
      const { method: m, match } = compile(key);
      const params = m && m !== method ? null : match(path);
      if (!params) continue;
      queued.splice(i, 1);
      return { route: answer, params };
    }
    return null;
  };
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(raw, "http://app.test");
    const url = raw.startsWith("http") ? raw : `${parsed.pathname}${parsed.search}`;
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const base = { method, url, path: parsed.pathname, query: parsed.searchParams, body: readBody(init?.body) };
    const once = answerOnce(method, parsed.pathname);
    const found =
      once ??
      Object.entries(routes)
        .map(([key, route]) => {
          const { method: m, match } = compile(key);
          const params = m && m !== method ? null : match(parsed.pathname);
          return params ? { route, params } : null;
        })
        .find((hit) => hit !== null);
    if (found) {
      const req = { ...base, params: found.params };
      calls.push(req);
      const { route } = found;
      return toResponse(typeof route === "function" ? await (route as (r: FakeRequest) => Answer)(req) : route);
    }
    calls.push({ ...base, params: {} });
    unmatched.push(`${method} ${url}`);
    return jsonResponse(NOT_FOUND, 404);
  });
  vi.stubGlobal("fetch", fetchFake);
  const queue = (key: string, ...answers: FakeRoute[]) => {
    for (const answer of answers) queued.push({ key, answer });
  };
  return { calls, unmatched, fetch: fetchFake, queue };
}
