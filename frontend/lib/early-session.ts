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

/**
 * Whether the early answer names a signed-in user (false without one, or on any failure). It reads
 * a copy, so the answer stays for AuthProvider; main.tsx asks at once, before the app can take it.
 */
export function earlySessionHasUser(): Promise<boolean> {
  if (!pending) return Promise.resolve(false);
  return pending
    .then((response) => (response.ok ? (response.clone().json() as Promise<{ user?: unknown }>) : null))
    .then(
      (body) => Boolean(body?.user),
      () => false,
    );
}
