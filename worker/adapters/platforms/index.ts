import type { Env } from "../../env";
import type { PlatformAdapter, SocialPlatform } from "./types";

/** The real X / Instagram adapter, pointed at the real APIs or at the local platform sandbox. */
export function platformFor(_env: Env, _platform: SocialPlatform): PlatformAdapter {
  throw new Error("platform adapters not implemented yet");
}
