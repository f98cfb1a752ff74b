// Writer step "per-network fit": how many hashtags a post carries on each network, from the
// network's own meta (platforms/<id>/meta.ts hashtagCap); nothing here names a network.
import type { Platform } from "../../../../schema/api/common";
import { platformMeta } from "../../../../platforms/registry";

export const hashtagCap = (platform: Platform): number => platformMeta(platform).rules.hashtagCap;
