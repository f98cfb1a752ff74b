import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const script = path.join(root, "scripts/decisions-index.mjs");

function run(cwdRoot: string, ...args: string[]) {
  try {
    execFileSync(process.execPath, [path.join(cwdRoot, "scripts/decisions-index.mjs"), ...args], { cwd: cwdRoot, encoding: "utf8", stdio: "pipe" });
    return { code: 0, out: "" };
  } catch (err) {
    const e = err as { status: number; stderr: string };
    return { code: e.status, out: e.stderr };
  }
}

/** A copy of the script beside a decisions folder of our own (not a git checkout: dates are today). */
function sandbox(records: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "decisions-"));
  mkdirSync(path.join(dir, "scripts"));
  cpSync(script, path.join(dir, "scripts/decisions-index.mjs"));
  mkdirSync(path.join(dir, "docs/decisions"), { recursive: true });
  for (const [file, text] of Object.entries(records)) writeFileSync(path.join(dir, "docs/decisions", file), text);
  return dir;
}

describe("decision records", () => {
  it("every record in the repository has its Status and Date, and the index is current", () => {
    expect(run(root, "--check")).toEqual({ code: 0, out: "" });
  });

  it("a record without its lines, or a stale index, fails the check; the script adds both", () => {
    const dir = sandbox({
      "001-first.md": "# 001 — First\n\nSuperseded in part by 002 (it changed).\n",
      "002-second.md": "# 002 — Second\n\n## Context\n",
    });
    const failed = run(dir, "--check");
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('001-first.md: no "Status');
    expect(run(dir).code).toBe(0);
    expect(run(dir, "--check").code).toBe(0);
    const first = readFileSync(path.join(dir, "docs/decisions/001-first.md"), "utf8");
    expect(first).toMatch(/^# 001 — First\n\nStatus: Accepted; superseded in part by 002 · Date: \d{4}-\d{2}-\d{2}\n/);
    const index = readFileSync(path.join(dir, "docs/decisions/README.md"), "utf8");
    expect(index).toContain("| [002](002-second.md) | Second | Accepted |");
  });
});
