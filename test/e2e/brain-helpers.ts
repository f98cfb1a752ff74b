import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";

// Brain Studio building blocks for the brain journey: its tabs, the document list, and a recorder
// of the short-lived states ("Processing... (1/3)", "Thinking...") a person sees flash by.

const FIXTURES_DIR = path.resolve(import.meta.dirname, "../fixtures/brain");

/** A fixture file as Playwright's file payload (name, MIME type, bytes). */
export function fixtureFile(name: string): { name: string; mimeType: string; buffer: Buffer } {
  const mimeType = name.endsWith(".pdf")
    ? "application/pdf"
    : name.endsWith(".docx")
      ? "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
      : "text/plain";
  return { name, mimeType, buffer: readFileSync(path.join(FIXTURES_DIR, name)) };
}

/** Clicks a Brain Studio tab and returns its panel. */
export async function openBrainTab(page: Page, name: "Project Overview" | "Feed Brain" | "Explore Knowledge"): Promise<Locator> {
  const tab = page.getByRole("tab", { name, exact: true });
  await tab.click();
  await page.getByRole("tab", { name, exact: true, selected: true }).waitFor({ state: "visible" });
  const panel = page.getByRole("tabpanel", { name, exact: true });
  await panel.waitFor({ state: "visible" });
  return panel;
}

/** One row of Feed Brain's document list, found by text it shows (title or source). */
export const documentRow = (page: Page, text: string) => page.getByRole("list", { name: "Brain documents" }).getByRole("listitem").filter({ hasText: text });

/**
 * Waits (up to `timeout`, processing is slow on a loaded machine) until a document row shows
 * Ready. A row that shows Failed ends the wait at once with the row's text (its error message).
 */
export async function waitForDocumentReady(row: Locator, timeout = 90_000): Promise<void> {
  const ready = row.getByText("Ready", { exact: true });
  const failed = row.getByText("Failed", { exact: true });
  const shown = async () => (await row.innerText().catch(() => "(row not found)")).replace(/\s+/g, " ");
  try {
    await ready.or(failed).first().waitFor({ state: "visible", timeout });
  } catch (err) {
    // Name the state it stayed in (Queued, Processing... (i/n)): the clue to where processing stopped.
    throw new Error(`document not ready after ${timeout} ms, it shows: ${await shown()}`, { cause: err });
  }
  if (await failed.isVisible()) throw new Error(`document failed: ${await shown()}`);
}

/**
 * Records every distinct text matching `pattern` that appears in the page from now on (a
 * MutationObserver in the page), so a state that lasts one render can still be asserted.
 */
export async function recordTexts(page: Page, key: string, pattern: RegExp): Promise<() => Promise<string[]>> {
  await page.evaluate(
    ({ key, source, flags }) => {
      const w = window as unknown as Record<string, { seen: string[]; observer: MutationObserver } | undefined>;
      w[key]?.observer.disconnect();
      const seen: string[] = [];
      const re = new RegExp(source, flags.includes("g") ? flags : flags + "g");
      const scan = () => {
        for (const m of document.body.innerText.match(re) ?? []) if (!seen.includes(m)) seen.push(m);
      };
      const observer = new MutationObserver(scan);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      scan();
      w[key] = { seen, observer };
    },
    { key, source: pattern.source, flags: pattern.flags },
  );
  return () => page.evaluate((key) => [...((window as unknown as Record<string, { seen: string[] }>)[key]?.seen ?? [])], key);
}

/** A Project Overview section (its card) by heading. */
export const overviewSection = (panel: Locator, title: string) =>
  panel
    .locator("div")
    .filter({ has: panel.page().getByRole("heading", { level: 3, name: title, exact: true }) })
    .last();

/** Drops files on an element as a person dragging them from the desktop would (dragenter, dragover, drop). */
export async function dropFiles(page: Page, target: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    (payload) => {
      const dt = new DataTransfer();
      for (const f of payload) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.mimeType }));
      return dt;
    },
    files.map((f) => ({ name: f.name, mimeType: f.mimeType, b64: f.buffer.toString("base64") })),
  );
  await target.dispatchEvent("dragenter", { dataTransfer });
  await target.dispatchEvent("dragover", { dataTransfer });
  await target.dispatchEvent("drop", { dataTransfer });
  await dataTransfer.dispose();
}

/** With E2E_SHOTS set, saves a full-page screenshot to test-results/ (to look at what a run saw). */
export async function snapshot(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await page.screenshot({ path: path.resolve(import.meta.dirname, "../../test-results", `${name}.png`), fullPage: true });
}
