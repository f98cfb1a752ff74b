// Types the `cloudflare:workers` env and exports for the worker tests.
import type { Env as WorkerEnv } from "../../worker/env";
import type * as WorkerModule from "../../worker/index";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- augments the global Cloudflare namespace
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: { name: string; queries: string[] }[];
      FAKES_URL: string;
      MIGRATION_DB: D1Database;
    }
    interface GlobalProps {
      mainModule: typeof WorkerModule;
    }
  }
}
