// "Models are never a single hard-coded id" (decision 191): a model id the engines may choose is
// written once, in worker/adapters/ai/models.ts, and everything else reads the lists. This reads
// every source file outside it with the TypeScript parser and fails on a string that is a Workers
// AI model id (`@cf/...`, `@hf/...`) or one of the lists' OpenAI ids; and it fails on a retired
// Workers AI model (test/contracts/workers-ai/deprecations.json) named anywhere the product or its
// operators read, comments included (the day-one default `@cf/meta/llama-3.1-8b-instruct` was
// still named as the default in worker/env.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { OPENAI_MODELS } from "../../worker/adapters/ai/models";
import { sourceFiles } from "./source-files";

const root = path.resolve(import.meta.dirname, "../..");
const MODELS_FILE = "worker/adapters/ai/models.ts";
const SCANNED = ["worker", "frontend", "schema", "scripts", "platforms"];
const LISTED_OPENAI = new Set(Object.values(OPENAI_MODELS).flat());
const retired: string[] = JSON.parse(readFileSync(path.join(root, "test/contracts/workers-ai/deprecations.json"), "utf8")).retired;

/** Whether a string in code is a model id an engine could be sent. */
export function isModelId(text: string): boolean {
  return /^@(cf|hf)\/[\w.-]+\/[\w.-]+$/.test(text) || LISTED_OPENAI.has(text);
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
const files = SCANNED.flatMap((d) => sourceFiles(path.join(root, d)));

describe("model ids live in the model lists only", () => {
  it("the check itself: Workers AI ids and the lists' OpenAI ids count, other strings do not", () => {
    expect(isModelId("@cf/black-forest-labs/flux-1-schnell")).toBe(true);
    expect(isModelId("@hf/meta-llama/meta-llama-3-8b-instruct")).toBe(true);
    expect(isModelId(OPENAI_MODELS.chat[0])).toBe(true);
    expect(isModelId("@cf/")).toBe(false);
    expect(isModelId("image/jpeg")).toBe(false);
  });

  it("no source file but models.ts writes a model id as a string", () => {
    const found: string[] = [];
    for (const file of files) {
      if (rel(file) === MODELS_FILE) continue;
      const text = readFileSync(file, "utf8");
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const visit = (node: ts.Node) => {
        if (ts.isStringLiteralLike(node) && isModelId(node.text))
          found.push(`${rel(file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${node.text}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });

  it("no retired Workers AI model is named in the code, its comments or the operator's docs", () => {
    const docs = ["README.md", "BENCHMARKS.md", "wrangler.toml", "docs/architecture.md"].map((f) => path.join(root, f));
    const found: string[] = [];
    for (const file of [...files, ...docs]) {
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((line, i) => {
        // Whole ids only: "@cf/meta/llama-3.1-8b-instruct-fast" is a current model.
        for (const id of retired)
          if (new RegExp(`${id.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?![\\w.-])`).test(line)) found.push(`${rel(file)}:${i + 1}: ${id}`);
      });
    }
    expect(found).toEqual([]);
  });
});
