// Sandbox registry, one line per network: the routes the local platform sandbox serves
// (test/fakes/platform-sandbox.ts registers them under /<key>). Plain erasable TypeScript.
import { instagramSandbox } from "./instagram/sandbox.ts";
import type { SandboxNetwork } from "./shared/sandbox-core.ts";
import { xSandbox } from "./x/sandbox.ts";

export const SANDBOXES: readonly SandboxNetwork[] = [
  xSandbox,
  instagramSandbox,
];
