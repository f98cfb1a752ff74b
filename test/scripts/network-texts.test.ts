// One name per network in every text the product writes (decision 291): the Worker's and the
// networks' messages, notices and mails name a network as the registry's display name ("X (Twitter)")
// or, after that, its short name ("X"); never an older name ("Twitter", "Twitter (X)") nor its stored
// id ("instagram"). Reads every string and template in worker/ and platforms/ with the TypeScript
// parser (comments are not read), and checks the shared rule messages for every network.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { networkName, networkShortName, PLATFORM_METAS } from "../../platforms/registry.ts";
import { checkPostRules, imageNote } from "../../platforms/validation.ts";
import { sourceFiles } from "./source-files";

const root = path.resolve(import.meta.dirname, "../..");

/** Names a network had before the registry's: a label or select label that is neither its display nor its short name. */
const LEGACY = PLATFORM_METAS.flatMap((m) =>
  [m.label, m.selectLabel].filter((n) => n !== networkName(m.id) && n !== networkShortName(m.id)).map((n) => ({ legacy: n, display: networkName(m.id) })),
);

/** Where an older name is data, not text shown to anyone. */
const SKIPPED = [
  /^platforms\/[a-z]+\/meta\.ts$/, // the registry's own fields (label, selectLabel: matched in CSV imports)
  /^platforms\/[a-z]+\/sandbox\.ts$/, // the stand-in network's own answers
  /^platforms\/shared\/sandbox-/,
];

/** Each string or template piece in a file that names a network by an older name, as "line: text". */
function legacyNames(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      for (const { legacy, display } of LEGACY) {
        // The older name alone, not inside the display name ("X (Twitter)" holds "Twitter").
        if (node.text.split(display).some((part) => new RegExp(`(?<![A-Za-z])${legacy.replace(/[()]/g, "\\$&")}(?![A-Za-z])`).test(part)))
          out.push(`${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${node.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe("one name per network in the texts the product writes", () => {
  it("the check knows an older name (X's 'Twitter') and tells it from the display name", () => {
    expect(LEGACY.map((l) => l.legacy)).toContain("Twitter");
    const probe = path.join(root, "test/scripts/network-texts.test.ts");
    expect(legacyNames(probe).some((f) => f.includes("Please reconnect your Twitter account"))).toBe(true);
    // (the line above is the probe: "Please reconnect your Twitter account" written as an old message would be)
  });

  it("no string the Worker or a network's code writes uses an older name", () => {
    const found: string[] = [];
    for (const dir of ["worker", "platforms"])
      for (const file of sourceFiles(path.join(root, dir), /\.(ts|tsx)$/)) {
        const rel = path.relative(root, file).split(path.sep).join("/");
        if (SKIPPED.some((re) => re.test(rel))) continue;
        for (const f of legacyNames(file)) found.push(`${rel}:${f}`);
      }
    expect(found).toEqual([]);
  });

  it("every network's rule messages name it in full first, short after, never by its id", () => {
    for (const m of PLATFORM_METAS) {
      const name = networkName(m.id);
      const long = checkPostRules({ platform: m.id, content: "a".repeat(m.rules.maxLength + 1), hashtags: [] }).find((i) => i.field === "content");
      expect(long?.message, m.id).toBe(
        `Too long for ${name}: ${m.rules.maxLength + 1}/${m.rules.maxLength} characters as ${networkShortName(m.id)} counts them, hashtags included`,
      );
      const wrongType = checkPostRules({ platform: m.id, content: "Hi", hashtags: [], image: { type: "image/bmp", size: 10 } });
      expect(wrongType.map((i) => i.message).join(" "), m.id).toContain(`${name} does not accept BMP images`);
      const gif = imageNote(m.id, { type: "image/gif", size: 10 });
      if (gif) expect(gif.startsWith(`${name} takes no GIFs`), m.id).toBe(true);
      for (const text of [long!.message, ...wrongType.map((i) => i.message), gif ?? ""])
        if (m.id !== name.toLowerCase()) expect(text, m.id).not.toContain(m.id);
    }
  });
});
