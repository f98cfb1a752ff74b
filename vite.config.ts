import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const worker = "http://127.0.0.1:8787";

// The SPA lives in frontend/ and builds to dist/, which the Worker serves as static assets.
export default defineConfig({
  root: "frontend",
  plugins: [react()],
  build: { outDir: "../dist", emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { "/api": worker, "/media": worker, "/dev": worker },
  },
});
