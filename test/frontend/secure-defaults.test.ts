// The committed configuration is secure by default (decisions 131 and 133): what a
// deploy of an untouched checkout ships, and the headers file the SPA's static files are served with.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("secure defaults in the repository", () => {
  it("wrangler.toml is production; the local runners choose development and test explicitly", () => {
    expect(read("wrangler.toml")).toMatch(/^APP_ENV = "production"$/m);
    expect(read("scripts/start.mjs")).toContain('"APP_ENV:development"');
    expect(read("vitest.config.ts")).toMatch(/APP_ENV: "test"/);
  });

  it("the SPA's _headers give every page a CSP without inline or eval'd script, and the other headers", () => {
    const file = read("frontend/public/_headers");
    const block = file.split(/\n(?=\/)/).find((b) => b.startsWith("/*\n"));
    expect(block).toBeDefined();
    const header = (name: string) => new RegExp(`^\\s+${name}: (.+)$`, "m").exec(block!)?.[1] ?? "";
    const csp = header("Content-Security-Policy");
    const directive = (name: string) =>
      csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? "";
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive("script-src")).toMatch(/^script-src 'self'/);
    expect(directive("script-src")).not.toMatch(/unsafe-(inline|eval)/);
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(directive("default-src")).toBe("default-src 'self'");
    expect(header("X-Content-Type-Options")).toBe("nosniff");
    expect(header("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(header("Permissions-Policy")).toContain("camera=()");
    expect(header("Strict-Transport-Security")).toMatch(/max-age=\d+/);
  });
});
