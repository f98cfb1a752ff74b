import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

const worker = "http://127.0.0.1:8787";
const frontend = path.resolve(import.meta.dirname, "frontend");
const dist = path.resolve(import.meta.dirname, "dist");

// Public pages pre-rendered at build time (decision 163): the landing page is served for "/" by
// the Worker from landing.html, /login from login.html (Workers assets' html_handling); index.html
// stays the empty shell that the SPA fallback serves for every other path. dashboard.html is the
// signed-in dashboard's frame before its data (decision 167), served by the Worker for /dashboard
// to a visitor with a session cookie.
const PRERENDERED: Record<string, string> = { "/": "landing.html", "/login": "login.html", "/dashboard": "dashboard.html" };

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
  writeFileSync(file, headers.replace(/script-src 'self'/g, () => ["script-src 'self'", ...hashes].join(" ")));
}

function prerender(): Plugin {
  let ssrBuild = false;
  return {
    name: "brandpilot-prerender",
    apply: "build",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
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
          plugins: [react()],
          build: { ssr: "prerender.tsx", outDir: out, emptyOutDir: true, sourcemap: false },
        });
        const { render } = (await import(pathToFileURL(path.join(out, "prerender.js")).href)) as { render: (p: string) => Promise<{ styles: string; markup: string }> };
        const shell = readFileSync(path.join(dist, "index.html"), "utf8");
        if (!shell.includes('<div id="root"></div>')) throw new Error("prerender: index.html has no empty #root");
        for (const [route, file] of Object.entries(PRERENDERED)) {
          const { styles, markup } = await render(route);
          const page = shell
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

// main.tsx imports the app (app/start.tsx) only after the first paint (decision 166). So that its
// files still download at once, every page's <head> gets a modulepreload tag for that chunk and
// for the chunks it imports (Vite only adds them for the entry's static imports), at low fetch
// priority: they must not compete with the document, and Lighthouse's simulation then does not
// count their download as blocking the first paint (decision 166 measured both).
function preloadApp(): Plugin {
  return {
    name: "brandpilot-preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === "chunk");
        const start = chunks.find((c) => c.facadeModuleId?.endsWith("/app/start.tsx"));
        if (!start) throw new Error("preload-app: no chunk for app/start.tsx");
        const files: string[] = [];
        const visit = (file: string) => {
          if (files.includes(file)) return;
          files.push(file);
          for (const imported of chunks.find((c) => c.fileName === file)?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        // start.tsx imports React, the theme and the app one after the other (separate tasks).
        for (const file of start.dynamicImports) visit(file);
        const present = new Set([...html.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]));
        const links = files.filter((f) => !present.has(f)).map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`);
        return html.replace("</head>", () => `  ${links.join("\n    ")}\n  </head>`);
      },
    },
  };
}

// The SPA lives in frontend/ and builds to dist/, which the Worker serves as static assets.
export default defineConfig({
  root: "frontend",
  plugins: [react(), preloadApp(), prerender()],
  build: { outDir: "../dist", emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { "/api": worker, "/media": worker, "/dev": worker },
  },
});
