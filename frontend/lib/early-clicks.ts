// A page started on demand (main.tsx: the HTML of / and /login works without the app, so the app
// starts on the visitor's first touch, key or scroll, decisions 325 and 326) has no click handlers until
// React has hydrated it. The tap that started the app would be lost: a button pressed in that gap
// is remembered here and pressed again by the pre-rendered page once it is hydrated (router.tsx).
// Clicks after hydrateRoot() are React's own (it replays those itself), so holding stops there.
let held: HTMLButtonElement | null = null;
let holding = false;

const remember = (event: Event) => {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (!button) return;
  // The submit button of a form that posts without the app (the pre-rendered /login, decision 326)
  // submits it natively: pressing it again after hydration would sign in twice.
  if (button.type === "submit" && button.form?.hasAttribute("action")) held = null;
  else held = button;
};

export function holdEarlyClicks(): void {
  if (holding) return;
  holding = true;
  document.addEventListener("click", remember, true);
}

/** Called just before hydrateRoot(): from then on React sees every click. */
export function stopHoldingEarlyClicks(): void {
  holding = false;
  document.removeEventListener("click", remember, true);
}

/** Presses the held button (the last one), once; a page calls it when its markup is hydrated. */
export function pressHeldClick(): void {
  const button = held;
  held = null;
  if (button?.isConnected) button.click();
}
