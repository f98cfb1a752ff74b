// LANDING: each network's part of the landing page's demo, one line per network. Read only by
// scripts/gen-network-names.mjs, which writes it into frontend/features/landing/network-names.gen.ts,
// so neither the app nor the Worker loads it (the landing page's demo posts never name a network
// outside its folder, decision 233).
import { landing as bluesky } from "./bluesky/landing.ts";
import { landing as facebook } from "./facebook/landing.ts";
import { landing as instagram } from "./instagram/landing.ts";
import { landing as linkedin } from "./linkedin/landing.ts";
import { landing as mastodon } from "./mastodon/landing.ts";
import type { PlatformId } from "./registry.ts";
import type { LandingSamples } from "./shared/landing.ts";
import { landing as threads } from "./threads/landing.ts";
import { landing as x } from "./x/landing.ts";

export const LANDING: Record<PlatformId, LandingSamples> = { twitter: x, facebook, instagram, linkedin, bluesky, mastodon, threads };
