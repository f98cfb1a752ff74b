import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Runs before each test file: the schema is the real migrations, applied to the real (local) D1.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
