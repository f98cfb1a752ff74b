import { defineConfig } from "vitest/config";

// End-to-end journeys: a real `npm start` server (fresh local state) driven by a real Chromium.
export default defineConfig({
  test: {
    name: "e2e",
    include: ["test/e2e/**/*.e2e.ts"],
    globalSetup: ["test/e2e/global-setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    environment: "node",
  },
});
