import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { chakraAppRecipes } from "./scripts/vite/chakra-app-recipes.ts";
import { fakesPerPoolWorker } from "./test/fakes/per-pool-worker.ts";

/** The chaos and fuzz runs' settings where the command line sets them (bindings must be strings). */
function commandLineRunSettings(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["VITE_CHAOS_SEED", "VITE_CHAOS_POSTS", "VITE_FUZZ_RUNS", "VITE_FUZZ_SEED"]) {
    const value = process.env[name];
    if (value) out[name] = value;
  }
  return out;
}

// Three projects: the Worker's tests run inside workerd with real D1, R2 and queues; the
// frontend's component tests run in jsdom; scripts' tests run in Node. End-to-end journeys have their own config.
/** wrangler.toml's build aliases (decision 127: core-js polyfills left out), so the Worker's tests run the code as deployed. */
async function workerAliases(): Promise<{ find: string; replacement: string }[]> {
  const { experimental_readRawConfig } = await import("wrangler");
  const alias = (experimental_readRawConfig({ config: path.join(import.meta.dirname, "wrangler.toml") }).rawConfig.alias ?? {}) as Record<string, string>;
  return Object.entries(alias).map(([find, to]) => ({ find, replacement: to.startsWith(".") ? path.resolve(import.meta.dirname, to) : to }));
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  const aliases = await workerAliases();
  return {
    test: {
      projects: [
        {
          plugins: [
            cloudflareTest(({ inject }) => ({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  APP_ENV: "test",
                  TOKEN_ENCRYPTION_KEY: "test-encryption-key-0123456789abcdef",
                  FAKES_URL: inject<string>("fakesUrl"),
                  // The platform sandbox (test/fakes) stands in for X and Instagram in tests.
                  PLATFORM_SANDBOX_URL: inject<string>("fakesUrl"),
                  // Short platform timeouts so injected sandbox hangs end quickly in tests.
                  PLATFORM_TIMEOUT_MS: "1500",
                  // Scraping resolves hostnames through the fake DNS-over-HTTPS resolver (test/fakes/dns.ts).
                  SCRAPE_DNS_URL: `${inject<string>("fakesUrl")}/dns-query`,
                  // The tests run inside workerd, which does not see this shell's environment: a
                  // chaos or fuzz run's seed and size given on the command line (VITE_CHAOS_SEED=7
                  // npx vitest ..., npm run fuzz) reach test/worker/publish-chaos*.test.ts and
                  // fuzz-inputs.test.ts as bindings.
                  ...commandLineRunSettings(),
                },
                // An empty second D1 on which test/worker/team-migration.test.ts runs the migrations in steps.
                d1Databases: ["MIGRATION_DB"],
              },
            })),
            // Each running file's inject("fakesUrl") is a fakes server of its own (docs/decisions/324).
            fakesPerPoolWorker(),
          ],
          resolve: { alias: aliases },
          test: {
            name: "worker",
            include: ["test/worker/**/*.test.ts"],
            setupFiles: ["test/worker/setup.ts"],
            // Two files at a time (docs/decisions/324): each has its own Miniflare (D1, R2, queues)
            // and its own fakes server, whose sandbox resets, fault switches and contract-violation
            // log are then no other running file's. Its own group: it runs before the others.
            maxWorkers: 2,
            // A failure deadline, not a timing check (as in the other projects; tests that set their
            // own keep theirs): projects-create's upload test missed vitest's default 5 s beside a
            // second file at load 9, passing alone.
            testTimeout: 60_000,
            sequence: { groupOrder: 1 },
          },
        },
        {
          plugins: [react(), chakraAppRecipes()],
          test: {
            name: "frontend",
            include: ["test/frontend/**/*.test.tsx", "test/frontend/**/*.test.ts"],
            environment: "jsdom",
            setupFiles: ["test/frontend/setup.ts"],
            // Each file still gets a fresh module graph and DOM, but in a VM context of a reused
            // process: jsdom and the externalized packages load once per process (docs/decisions/310).
            pool: "vmForks",
            maxWorkers: 2,
            // A failure deadline, not a timing check, and the only one (no file sets its own):
            // interaction-heavy screens took 24 s on a 2-core machine at load 15 (the webhooks form,
            // typing three addresses), passing in 1-3 s when quiet.
            testTimeout: 60_000,
          },
        },
        {
          // Node-side scripts (deploy, bundle budget) against fakes of the tools they drive.
          // One file at a time, after the others: deploy.test.ts runs deploy.mjs (and wrangler's bundle) 19
          // times and timed out beside other files at load 10-20 (docs/decisions/310).
          test: {
            name: "scripts",
            include: ["test/scripts/**/*.test.ts"],
            environment: "node",
            testTimeout: 60_000,
            maxWorkers: 1,
            sequence: { groupOrder: 2 },
          },
        },
      ],
    },
  };
});
