// Decision 325: the landing page's app starts on the visitor's first touch; the button pressed
// before React owned the page is pressed again once the page is hydrated, exactly once, and clicks
// after hydrateRoot() are left to React.
import { act } from "@testing-library/react";
import { startTransition, Suspense, useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { holdEarlyClicks, pressHeldClick, stopHoldingEarlyClicks } from "../../frontend/lib/early-clicks";

function Menu() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Open menu
      </button>
      {open && <nav aria-label="Sections (mobile)">menu</nav>}
    </div>
  );
}
/** As router.tsx's pre-rendered page: inside a Suspense boundary, pressing the held click once hydrated. */
function Page() {
  useEffect(pressHeldClick, []);
  return <Menu />;
}
const app = (
  <Suspense fallback={null}>
    <Page />
  </Suspense>
);

afterEach(() => {
  stopHoldingEarlyClicks();
  pressHeldClick(); // drop anything a test left held
  document.body.innerHTML = "";
});

async function hydrate(root: HTMLElement) {
  stopHoldingEarlyClicks();
  await act(async () => {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  });
}

function serverPage(): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderToString(app);
  document.body.appendChild(root);
  return root;
}

describe("early clicks", () => {
  it("a button pressed before hydration is pressed again, once, when the page is hydrated", async () => {
    const root = serverPage();
    holdEarlyClicks();
    root.querySelector("button")!.click(); // the static HTML: no handler yet
    expect(root.querySelector("nav")).toBeNull();
    await hydrate(root);
    expect(root.querySelector("nav")).not.toBeNull();
    expect(root.querySelector("button")!.getAttribute("aria-expanded")).toBe("true");
  });

  it("without an early click nothing is pressed, and clicks after hydrateRoot() are not held", async () => {
    const root = serverPage();
    holdEarlyClicks();
    await hydrate(root);
    expect(root.querySelector("nav")).toBeNull();
    act(() => root.querySelector("button")!.click()); // React's own click
    expect(root.querySelector("nav")).not.toBeNull();
    pressHeldClick(); // nothing held: the menu stays open
    expect(root.querySelector("nav")).not.toBeNull();
  });

  it("remembers only buttons, the last one, and presses it once", () => {
    document.body.innerHTML =
      '<a href="#features">Features</a><button type="button" id="one">One</button><button type="button" id="two"><span>Two</span></button>';
    const pressed: string[] = [];
    holdEarlyClicks();
    document.querySelector("a")!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    document.getElementById("one")!.click();
    document.querySelector("#two span")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    stopHoldingEarlyClicks();
    for (const b of document.querySelectorAll("button")) b.addEventListener("click", () => pressed.push(b.id));
    pressHeldClick();
    pressHeldClick();
    expect(pressed).toEqual(["two"]);
  });

  it("a submit button of a form that posts natively (/login, decision 326) is never held: it submits itself", () => {
    document.body.innerHTML =
      '<button type="button" id="mode">Use magic link</button><form action="/api/auth/login/form" method="post"><button type="submit" id="go">Sign in</button></form>';
    const form = document.querySelector("form")!;
    form.addEventListener("submit", (e) => e.preventDefault()); // jsdom cannot navigate
    const pressed: string[] = [];
    holdEarlyClicks();
    document.getElementById("mode")!.click();
    document.getElementById("go")!.click(); // the native submit happens now
    stopHoldingEarlyClicks();
    for (const b of document.querySelectorAll("button")) b.addEventListener("click", () => pressed.push(b.id));
    pressHeldClick();
    expect(pressed).toEqual([]);
  });
});
