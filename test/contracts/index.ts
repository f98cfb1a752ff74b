// The contracts the local platform sandbox checks every request against, by the sandbox's
// network key (each adapter module's `sandboxKey`). One service may serve several networks
// (Meta's Graph APIs: Facebook, Instagram, Threads).
import type { Contract } from "./validate.ts";
import { atprotoContract } from "./atproto/contract.ts";
import { linkedinContract } from "./linkedin/contract.ts";
import { mastodonContract } from "./mastodon/contract.ts";
import { facebookContract, instagramContract, threadsContract } from "./meta-graph/contract.ts";
import { xContract } from "./x/contract.ts";

export const CONTRACTS: Readonly<Record<string, Contract>> = {
  x: xContract,
  linkedin: linkedinContract,
  bluesky: atprotoContract,
  mastodon: mastodonContract,
  instagram: instagramContract,
  facebook: facebookContract,
  threads: threadsContract,
};
