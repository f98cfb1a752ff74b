// "A social network is one folder and nothing outside it names a network" (decision 233): reads
// every source file outside platforms/ (worker, frontend, schema, scripts) with the TypeScript
// parser and fails on code that names one: a string, template or regex holding a network's id or
// name, an identifier made of one (connectBluesky, X_CLIENT_ID), an import of a network's folder,
// and a comment that names one by a name that is not also a plain English word (a comment says
// what a network does by its capability: `images.required`, `connect.choose`, "a server's own
// limit"). What genuinely must name one is listed below with why.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { PLATFORM_METAS } from "../../platforms/registry.ts";
import { sourceFiles } from "./source-files";

const root = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["worker", "frontend", "schema", "scripts"];

/** Files that may name a network, and why. Keep it short: each line is a debt or a stored fact. */
const ALLOWED: Record<string, string> = {
  "schema/db/social.ts": "stored column and table names (twitter_user_id, instagram_user_id, mastodon_apps): renaming them is a data migration",
  "frontend/features/landing/network-names.gen.ts": "generated from the registry by scripts/gen-network-names.mjs",
};

const folders = readdirSync(path.join(root, "platforms")).filter((f) => f !== "shared" && statSync(path.join(root, "platforms", f)).isDirectory());

// Words that are also plain English ("threads", "x") count only as a whole string equal to a
// network's id or name; the others count anywhere in a string or identifier.
const AMBIGUOUS = new Set(["threads", "x"]);
const names = new Set<string>();
for (const m of PLATFORM_METAS) for (const n of [m.id, m.label, m.brand, m.shortName ?? m.brand]) names.add(n.toLowerCase());
for (const f of folders) names.add(f.toLowerCase());
const distinct = [...names].filter((n) => !AMBIGUOUS.has(n) && /^[a-z]+$/.test(n));
const WORD = new RegExp(`(?<![a-z])(${distinct.join("|")})(?![a-z])`, "i");
const FOLDER_IMPORT = new RegExp(`platforms/(${folders.join("|")})/`);
const ENV_NAME = new RegExp(`(?<![A-Za-z0-9])(${[...names].map((n) => n.toUpperCase()).join("|")})_[A-Z]`);

/** Why this piece of code names a network, or null. */
export function namesNetwork(kind: "text" | "identifier", text: string): string | null {
  if (FOLDER_IMPORT.test(text)) return `imports a network's folder (${text})`;
  if (ENV_NAME.test(text)) return `a network's setting (${text})`;
  // A lone letter ("x" of a hex escape) is not a name.
  if (kind === "text" && text.trim().length > 1 && names.has(text.trim().toLowerCase())) return `the network "${text.trim()}"`;
  // camelCase words apart: connectBluesky -> connect Bluesky.
  const words = kind === "identifier" ? text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ") : text;
  const m = WORD.exec(words);
  return m ? `names ${m[1]}` : null;
}

/** Why a comment names a network, or null ("X" and "Threads" are also plain words there). */
export function commentNamesNetwork(text: string): string | null {
  const m = WORD.exec(text);
  return m ? `a comment names ${m[1]}` : null;
}

/** Every place in one file where code or a comment names a network, as "line: why". */
function findings(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : file.endsWith(".ts") || file.endsWith(".mts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    let why: string | null = null;
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isRegularExpressionLiteral(node))
      why = namesNetwork("text", ts.isRegularExpressionLiteral(node) ? node.text : node.text);
    else if (ts.isJsxText(node)) why = namesNetwork("text", node.text);
    else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) why = namesNetwork("identifier", node.text);
    if (why) out.push(`${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${why}`);
    for (const r of [...(ts.getLeadingCommentRanges(text, node.pos) ?? []), ...(ts.getTrailingCommentRanges(text, node.end) ?? [])]) {
      if (commented.has(r.pos)) continue;
      commented.add(r.pos);
      const said = commentNamesNetwork(text.slice(r.pos, r.end));
      if (said) out.push(`${source.getLineAndCharacterOfPosition(r.pos).line + 1}: ${said}`);
    }
    ts.forEachChild(node, visit);
  };
  const commented = new Set<number>();
  visit(source);
  return out;
}

describe("nothing outside platforms/ names a network", () => {
  it("the check itself catches each way of naming one (and leaves plain words alone)", () => {
    expect(namesNetwork("text", "bluesky")).not.toBeNull();
    expect(namesNetwork("text", "Please connect a Twitter account first")).not.toBeNull();
    expect(namesNetwork("text", "threads")).not.toBeNull();
    expect(namesNetwork("text", "../../platforms/x/adapter")).not.toBeNull();
    expect(namesNetwork("text", "X_CLIENT_ID")).not.toBeNull();
    expect(namesNetwork("identifier", "connectBluesky")).not.toBeNull();
    expect(namesNetwork("identifier", "mastodonApps")).not.toBeNull();
    expect(namesNetwork("identifier", "INSTAGRAM_CLIENT_ID")).not.toBeNull();
    expect(namesNetwork("text", "comment threads and x-axis")).toBeNull();
    expect(namesNetwork("text", "x")).toBeNull();
    expect(namesNetwork("identifier", "maxLength")).toBeNull();
    expect(namesNetwork("text", "platforms/shared/meta")).toBeNull();
    expect(commentNamesNetwork("// Instagram fetches the image by URL")).not.toBeNull();
    expect(commentNamesNetwork("/** (a Mastodon instance's limit) */")).not.toBeNull();
    expect(commentNamesNetwork("// a network that fetches the image by URL; comment threads; x-axis")).toBeNull();
  });

  it("no file outside platforms/ names one, except the listed ones", () => {
    const found: string[] = [];
    for (const dir of SCANNED) {
      for (const file of sourceFiles(path.join(root, dir))) {
        const rel = path.relative(root, file).split(path.sep).join("/");
        if (ALLOWED[rel]) continue;
        for (const f of findings(file)) found.push(`${rel}:${f}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("every allowed file still names one (a stale entry is removed, not kept)", () => {
    const stale = Object.keys(ALLOWED).filter((rel) => findings(path.join(root, rel)).length === 0);
    expect(stale).toEqual([]);
  });
});
