// Sandbox registry, one line per network: the routes the local platform sandbox serves
// (test/fakes/platform-sandbox.ts registers them under /<key>). Plain erasable TypeScript.
import { blueskySandbox } from "./bluesky/sandbox.ts";
import { facebookSandbox } from "./facebook/sandbox.ts";
import { instagramSandbox } from "./instagram/sandbox.ts";
import { linkedinSandbox } from "./linkedin/sandbox.ts";
import { mastodonSandbox } from "./mastodon/sandbox.ts";
import type { SandboxNetwork } from "./shared/sandbox-core.ts";
import { threadsSandbox } from "./threads/sandbox.ts";
import { xSandbox } from "./x/sandbox.ts";

export const SANDBOXES: readonly SandboxNetwork[] = [
  xSandbox,
  instagramSandbox,
  facebookSandbox,
  linkedinSandbox,
  blueskySandbox,
  mastodonSandbox,
  threadsSandbox,
];
