import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach } from "vitest";

// Runs before each test file: the schema is the real migrations, applied to the real (local) D1.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Every request a fake received is checked against the service's published contract
// (test/contracts/, decision 190); a violation recorded during a test fails it.
afterEach(async () => {
  if (!env.FAKES_URL) return;
  const res = await fetch(`${env.FAKES_URL}/_contracts/violations`);
  const { violations } = (await res.json()) as { violations: { service: string; request: string; problems: string[] }[] };
  if (violations.length) {
    throw new Error(`requests broke the services' contracts:\n${violations.map((v) => `  ${v.service} ${v.request}: ${v.problems.join("; ")}`).join("\n")}`);
  }
});
