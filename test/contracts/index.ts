// The contracts the local platform sandbox checks every request against, by the sandbox's
// network key (platforms/<network>/sandbox.ts `key`). One service may serve several networks
// (Meta's Graph API: Facebook, Instagram, Threads). `npm run contracts` lists them.
import type { Contract } from "./validate.ts";
import { xContract } from "./x/contract.ts";

export const CONTRACTS: Readonly<Record<string, Contract>> = {
  x: xContract,
};
