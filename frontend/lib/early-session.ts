// The session request, sent by main.tsx as the page starts (decision 166): the app's first session
// check does not wait for React and Chakra to download and evaluate (on a phone that is most of a
// second before a signed-in screen can ask for its data). AuthProvider's first load takes this
// answer instead of asking again; without it (tests, a second load) it asks itself.
let pending: Promise<Response> | null = null;

export function requestSessionEarly(): void {
  pending = fetch("/api/auth/session", { credentials: "same-origin" });
}

/** The early request, once: later loads must see a fresh answer. */
export function takeEarlySession(): Promise<Response> | null {
  const taken = pending;
  pending = null;
  return taken;
}

/** What main.tsx reads of the early answer (schema/api/auth.ts SessionResponse, loosely). */
export type EarlySession = { user?: unknown; auth?: { provider?: string } } | null;

/**
 * The early answer's body (null without one, or on any failure). It reads a copy, so the answer
 * stays for AuthProvider; main.tsx asks at once, before the app can take it.
 */
export function earlySession(): Promise<EarlySession> {
  if (!pending) return Promise.resolve(null);
  return pending.then((response) => (response.ok ? (response.clone().json() as Promise<EarlySession>) : null)).catch(() => null);
}
