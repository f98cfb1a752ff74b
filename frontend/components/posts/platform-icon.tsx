import { Box } from "@chakra-ui/react";
import { networkName, PLATFORM_METAS, platformMeta } from "../../../platforms/registry";
import type { Platform } from "../../../schema/api/common";

// Each mark has an accessible name unless `decorative`. Names, colours and marks come from
// platforms/registry.ts.

/** Each network's one on-screen name, its `displayName` (decision 207). */
export const PLATFORM_LABELS = Object.fromEntries(PLATFORM_METAS.map((m) => [m.id, networkName(m.id)])) as Record<Platform, string>;

/** `decorative` hides the mark from assistive tech when the platform name is written next to it. */
export function PlatformIcon({ platform, size = 4, decorative = false }: { platform: Platform; size?: number | string; decorative?: boolean }) {
  const meta = platformMeta(platform);
  return (
    <Box as="span" display="inline-flex" color={meta.color} w={size} h={size} flexShrink={0}>
      <svg
        viewBox="0 0 24 24"
        width="100%"
        height="100%"
        fill="currentColor"
        {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": networkName(platform) })}
      >
        <path d={meta.iconPath} />
      </svg>
    </Box>
  );
}
