// Decision 172: the build lists the app's start-up files (app/start.tsx, what it imports one by one,
// and their imports) as modulepreload tags inside <template id="app-preloads">, never as live tags
// in <head>; and an import()'s preload list leaves those files out (every page has them by then).
import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { preloadApp } from "../../vite.config";

const chunk = (fileName: string, over: Partial<Rollup.OutputChunk> = {}) =>
  ({ type: "chunk", fileName, imports: [], dynamicImports: [], facadeModuleId: null, ...over }) as unknown as Rollup.OutputChunk;
const bundle = Object.fromEntries(
  [
    chunk("assets/index.js", { isEntry: true, dynamicImports: ["assets/start.js"] }),
    chunk("assets/start.js", {
      facadeModuleId: "/app/frontend/app/start.tsx",
      imports: ["assets/zod.js"],
      dynamicImports: ["assets/theme.js", "assets/app.js"],
    }),
    chunk("assets/zod.js"),
    chunk("assets/theme.js", { imports: ["assets/react.js"] }),
    chunk("assets/app.js", { imports: ["assets/react.js", "assets/router.js"] }),
    chunk("assets/react.js"),
    chunk("assets/router.js"),
    chunk("assets/calendar.js", { imports: ["assets/react.js", "assets/grid.js"] }),
    chunk("assets/grid.js"),
  ].map((c) => [c.fileName, c]),
);
const html = '<html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

function built() {
  const plugin = preloadApp();
  plugin.generateBundle.handler.call({} as never, {} as never, bundle as never);
  const page = plugin.transformIndexHtml.handler.call({} as never, html, { bundle } as never) as string;
  return { plugin, page };
}

describe("the build's app preloads", () => {
  it("puts every start-up file, each once, in the template and none outside it", () => {
    const { page } = built();
    const template = page.match(/<template id="app-preloads">(.*?)<\/template>/)![1]!;
    const hrefs = [...template.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
    expect(hrefs).toEqual(["assets/start.js", "assets/zod.js", "assets/theme.js", "assets/react.js", "assets/app.js", "assets/router.js"]);
    expect(page.replace(template, "")).not.toContain("modulepreload");
    // The entry is already the page's script tag: not listed again; a lazy screen is not a start-up file.
    expect(hrefs).not.toContain("assets/index.js");
    expect(hrefs).not.toContain("assets/calendar.js");
  });

  it("leaves the start-up files out of an import()'s preload list, keeping the imported file itself", () => {
    const { plugin } = built();
    expect(plugin.api.resolveDependencies("assets/calendar.js", ["assets/calendar.js", "assets/react.js", "assets/grid.js"])).toEqual([
      "assets/calendar.js",
      "assets/grid.js",
    ]);
    expect(plugin.api.resolveDependencies("assets/app.js", ["assets/app.js", "assets/router.js"])).toEqual(["assets/app.js"]);
  });
});
