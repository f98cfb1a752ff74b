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
// stays the empty shell that the SPA fallback serves for every other path.
const PRERENDERED: Record<string, string> = { "/": "landing.html", "/login": "login.html" };

function prerender(): Plugin {
  let ssrBuild = false;
  return {
    name: "brandpilot-prerender",
    apply: "build",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssrBuild || process.env.SKIP_PRERENDER === "1") return;
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
        const { render } = (await import(pathToFileURL(path.join(out, "prerender.js")).href)) as { render: (p: string) => Promise<string> };
        const shell = readFileSync(path.join(dist, "index.html"), "utf8");
        if (!shell.includes('<div id="root"></div>')) throw new Error("prerender: index.html has no empty #root");
        for (const [route, file] of Object.entries(PRERENDERED)) {
          const html = await render(route);
          writeFileSync(path.join(dist, file), shell.replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${route}">${html}</div>`));
        }
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  };
}

// The SPA lives in frontend/ and builds to dist/, which the Worker serves as static assets.
export default defineConfig({
  root: "frontend",
  plugins: [react(), prerender()],
  build: { outDir: "../dist", emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { "/api": worker, "/media": worker, "/dev": worker },
  },
});
