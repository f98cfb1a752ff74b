import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, defineConfig, type Plugin, type Rollup } from "vite";
import react from "@vitejs/plugin-react";
import { chakraAppRecipes } from "./scripts/vite/chakra-app-recipes.ts";

const worker = "http://127.0.0.1:8787";
const frontend = path.resolve(import.meta.dirname, "frontend");
const dist = path.resolve(import.meta.dirname, "dist");

// Public pages pre-rendered at build time (decision 163): the landing page is served for "/" by
// the Worker from landing.html, /login from login.html (Workers assets' html_handling); index.html
// stays the empty shell that the SPA fallback serves for every other path. dashboard.html is the
// signed-in dashboard's frame before its data (decision 167), served by the Worker for /dashboard
// to a visitor with a session cookie.
const PRERENDERED: Record<string, string> = { "/": "landing.html", "/login": "login.html", "/dashboard": "dashboard.html" };

// The module each pre-rendered page hydrates with (decision 168): its screen's (the dashboard's
// frame on /dashboard), whose chunks join the page's preload template (decision 172: in <head>
// once the app starts). Otherwise Vite's import helper adds those tags from script just before
// hydration: on a phone a 50-190 ms task (4x slowdown) in the middle of start-up. The signed-in shell and screen that
// follow the session are not preloaded: ~55 more chunks fetched and compiled at once competed
// with the start-up tasks for the CPU (measured: decision 168, "Rejected").
const PAGE_MODULES: Record<string, string[]> = {
  "/": ["features/landing/landing-page.tsx"],
  "/login": ["features/auth/login-page.tsx"],
  "/dashboard": ["features/dashboard/dashboard-frame.tsx"],
};

/** `files` and every chunk they import, directly or not, each once, in visiting order. */
function withImports(chunks: Rollup.OutputChunk[], files: string[]): string[] {
  const out: string[] = [];
  const visit = (file: string) => {
    if (out.includes(file)) return;
    out.push(file);
    for (const imported of chunks.find((c) => c.fileName === file)?.imports ?? []) visit(imported);
  };
  files.forEach(visit);
  return out;
}

/** `<link rel="modulepreload">` tags for `files`, less those `html` already names. */
function preloadLinks(files: string[], html: string): string {
  const present = new Set([...html.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]));
  return files
    .filter((f) => !present.has(f))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
    .join("");
}

/** Preload tags for `modules` (source paths under frontend/) and the chunks they import. */
function modulePreloads(chunks: Rollup.OutputChunk[], modules: string[], html: string): string {
  const files = modules.map((module) => {
    const chunk = chunks.find((c) => c.facadeModuleId === path.join(frontend, module));
    if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
    return chunk.fileName;
  });
  return preloadLinks(withImports(chunks, files), html);
}

// index.html's one inline script (it sets the side navigation's remembered width on <html> before
// the first paint, for dashboard.html's frame): the SPA's CSP allows scripts from 'self' only, so
// the build adds that script's hash to script-src in dist/_headers. Edit the script freely: the
// hash follows it.
function allowInlineScript(): void {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash("sha256").update(m[1]!).digest("base64")}'`);
  const file = path.join(dist, "_headers");
  const headers = readFileSync(file, "utf8");
  if (!/script-src 'self'/.test(headers)) throw new Error("prerender: dist/_headers has no script-src 'self'");
  writeFileSync(
    file,
    headers.replace(/script-src 'self'/g, () => ["script-src 'self'", ...hashes].join(" ")),
  );
}

function prerender(): Plugin {
  let ssrBuild = false;
  let chunks: Rollup.OutputChunk[] = [];
  return {
    name: "brandpilot-prerender",
    apply: "build",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
    },
    generateBundle(_, bundle) {
      chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
    },
    async closeBundle() {
      if (ssrBuild) return;
      allowInlineScript();
      if (process.env.SKIP_PRERENDER === "1") return;
      // Inside the project, so the server bundle's imports resolve from node_modules.
      const out = mkdtempSync(path.join(import.meta.dirname, "node_modules", ".prerender-"));
      try {
        await build({
          configFile: false,
          root: frontend,
          logLevel: "warn",
          plugins: [react(), chakraAppRecipes()],
          build: { ssr: "prerender.tsx", outDir: out, emptyOutDir: true, sourcemap: false },
        });
        const { render } = (await import(pathToFileURL(path.join(out, "prerender.js")).href)) as {
          render: (p: string) => Promise<{ styles: string; markup: string }>;
        };
        const shell = readFileSync(path.join(dist, "index.html"), "utf8");
        if (!shell.includes('<div id="root"></div>')) throw new Error("prerender: index.html has no empty #root");
        for (const [route, file] of Object.entries(PRERENDERED)) {
          const { styles, markup } = await render(route);
          const page = shell
            .replace("</template>", () => `${modulePreloads(chunks, PAGE_MODULES[route] ?? [], shell)}</template>`)
            .replace("</head>", () => `${styles}</head>`)
            .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${route}">${markup}</div>`);
          writeFileSync(path.join(dist, file), page);
        }
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  };
}

/** The files every page loads at start-up: the entry, app/start.tsx and what start imports one by one (decision 166), with their imports. */
function startupFiles(chunks: Rollup.OutputChunk[]): string[] {
  const start = chunks.find((c) => c.facadeModuleId?.endsWith("/app/start.tsx"));
  if (!start) throw new Error("preload-app: no chunk for app/start.tsx");
  return withImports(chunks, [start.fileName, ...start.dynamicImports]);
}

// main.tsx imports the app (app/start.tsx) only after the first paint (decision 166). Its files
// and the chunks they import are listed in every page's <head> as modulepreload tags inside a
// <template> (Vite only preloads the entry's static imports); main.tsx moves them into <head> when
// it starts the app, so they download from then on, all at once (decision 172). Inside the
// template they fetch nothing: the first paint never shares the network with ~250 KB of scripts,
// and Lighthouse's simulation no longer counts their download before the largest paint.
export function preloadApp() {
  let startup: string[] = [];
  return {
    name: "brandpilot-preload-app",
    apply: "build",
    // Before Vite writes each import()'s preload list (its generateBundle): see modulePreload below.
    generateBundle: {
      order: "pre",
      handler(_, bundle) {
        startup = startupFiles(Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk"));
      },
    },
    transformIndexHtml: {
      order: "post",
      // Vite writes index.html in its generateBundle, after the hook above has listed the files.
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        return html.replace("</head>", () => `  <template id="app-preloads">${preloadLinks(startup, html)}</template>\n  </head>`);
      },
    },
    api: {
      /**
       * Vite's modulePreload.resolveDependencies: an import()'s preload list leaves out the files
       * every page has loaded by the time any import() after start-up runs (the start-up files
       * above; loading them again would be a no-op). Fewer file names in the chunks that carry the
       * lists (the router, the app), which are part of /login's 150 KiB initial JS.
       */
      resolveDependencies: (file: string, deps: string[]) => deps.filter((d) => d === file || !startup.includes(d)),
    },
  } satisfies Plugin & { api: object };
}

// Chakra's createSystem builds the theme's whole global CSS (preflight, global styles and a CSS
// variable for every token) as soon as it is called: about half of the theme's start-up task, a
// long task on a phone (decision 168). A pre-rendered page already has that CSS in <head> (the
// build wrote it), and the app then gives ChakraProvider a system without it (theme.ts
// `chakraSystem`). This makes `system._global` a getter that builds it on first read, so the pages
// that do need it (the SPA shell's paths) build it when ChakraProvider first renders, as before.
// A Chakra upgrade that changes these lines fails the build here instead of silently undoing it.
export function lazyChakraGlobalCss(): Plugin {
  const eager = "  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];";
  const field = "    _global,\n";
  return {
    name: "brandpilot-lazy-chakra-global-css",
    apply: "build",
    transform(code, id) {
      if (!/@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/.test(id)) return null;
      if (code.split(eager).length !== 2 || code.split(field).length !== 2)
        throw new Error("lazy-chakra-global-css: Chakra's createSystem changed; see decision 168");
      return code
        .replace(eager, () => "  let _global;")
        .replace(field, () => "    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n");
    },
  };
}

// The SPA lives in frontend/ and builds to dist/, which the Worker serves as static assets.
const appPreloads = preloadApp();

export default defineConfig({
  root: "frontend",
  plugins: [react(), chakraAppRecipes(), lazyChakraGlobalCss(), appPreloads, prerender()],
  // No modulepreload polyfill (decision 168): every browser the build targets but Safari 16.x
  // preloads modules itself, and there the tags only cost a later download. It paid for the
  // start-up changes of decision 168 in /login's 150 KiB initial JS.
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false, resolveDependencies: appPreloads.api.resolveDependencies },
  },
  server: {
    port: 5173,
    proxy: { "/api": worker, "/media": worker, "/dev": worker },
  },
});
