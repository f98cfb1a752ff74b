import { Box } from "@chakra-ui/react";
import { networkName, networkShortName, PLATFORM_METAS, platformMeta, type PlatformId } from "../../../platforms/registry";
import type { ConnectField, PlatformMeta } from "../../../platforms/shared/meta";

export type CardPlatform = PlatformId;

/** The spec's platform card: id, name, icon, color, setupGuide, setupUrl (connected comes from the API). */
export type PlatformCard = {
  id: CardPlatform;
  /** The network's one name (decision 207): `displayName` on its card, `shortName` in messages. */
  name: string;
  shortName: string;
  color: string;
  setupGuide: string[];
  setupUrl: string;
  /** Connects through a redirect that comes back to /auth/<id>/callback (OAuth, also on the user's own server). */
  oauth: boolean;
  connect: PlatformMeta["connect"];
  /** What the user types before connecting (a handle and an app password, or a server). */
  connectFields: readonly ConnectField[];
};

const callback = (id: string) => `${typeof window === "undefined" ? "" : window.location.origin}/auth/${id}/callback`;

/** One card per network of platforms/registry.ts, in its order. */
export const PLATFORM_CARDS: PlatformCard[] = PLATFORM_METAS.map((m) => ({
  id: m.id,
  name: networkName(m.id),
  shortName: networkShortName(m.id),
  color: m.color,
  oauth: m.connect === "oauth" || m.connect === "instance",
  connect: m.connect,
  connectFields: m.connectFields ?? [],
  setupUrl: m.setupUrl,
  setupGuide: m.setupGuide(callback(m.id)),
}));

export function SocialIcon({ platform, size = 6 }: { platform: CardPlatform; size?: number }) {
  const meta = platformMeta(platform);
  return (
    <Box as="span" display="inline-flex" color={meta.color} w={size} h={size} flexShrink={0} aria-hidden>
      <svg viewBox="0 0 24 24" width="100%" height="100%" fill="currentColor">
        <path d={meta.iconPath} />
      </svg>
    </Box>
  );
}
