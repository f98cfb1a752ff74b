import { Box } from "@chakra-ui/react";
import type { Platform } from "../../../schema/api/common";
import { PLATFORM_PATHS } from "../../components/ui/platform-paths";

// Each mark has an accessible name unless `decorative`.

export const PLATFORM_LABELS: Record<Platform, string> = { twitter: "Twitter", facebook: "Facebook", instagram: "Instagram", linkedin: "LinkedIn" };
const COLORS: Record<Platform, string> = { twitter: "#111", facebook: "#1877F2", instagram: "#E1306C", linkedin: "#0A66C2" };

/** `decorative` hides the mark from assistive tech when the platform name is written next to it. */
export function PlatformIcon({ platform, size = 4, decorative = false }: { platform: Platform; size?: number | string; decorative?: boolean }) {
  return (
    <Box as="span" display="inline-flex" color={COLORS[platform]} w={size} h={size} flexShrink={0}>
      <svg viewBox="0 0 24 24" width="100%" height="100%" fill="currentColor" {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": PLATFORM_LABELS[platform] })}>
        <path d={PLATFORM_PATHS[platform]} />
      </svg>
    </Box>
  );
}
