// The one list of networks: the SPA (Social Connect, Create Post, campaign creator, calendar
// filters, previews), the API's zod enums and validation read it. Adding a network = its folder
// under platforms/ plus one line here (and one in adapters.ts, sandboxes.ts, previews.tsx).
// Order is the order users see. Ids are stored in the database: never rename one.
import { blueskyMeta } from "./bluesky/meta.ts";
import { facebookMeta } from "./facebook/meta.ts";
import { instagramMeta } from "./instagram/meta.ts";
import { linkedinMeta } from "./linkedin/meta.ts";
import { mastodonMeta } from "./mastodon/meta.ts";
import type { PlatformMeta } from "./shared/meta.ts";
import { threadsMeta } from "./threads/meta.ts";
import { xMeta } from "./x/meta.ts";

export const PLATFORM_METAS = [xMeta, facebookMeta, instagramMeta, linkedinMeta, blueskyMeta, mastodonMeta, threadsMeta] as const;

/** "twitter" | "facebook" | "instagram" | "linkedin" | ...: derived, never written by hand. */
export type PlatformId = (typeof PLATFORM_METAS)[number]["id"];

/** The ids as a non-empty tuple (what z.enum and drizzle's text enum want). */
export const PLATFORM_IDS = PLATFORM_METAS.map((m) => m.id) as unknown as readonly [PlatformId, ...PlatformId[]];

/** The network a post, a campaign or a generation uses when none is chosen: the first (the spec's default). */
export const DEFAULT_PLATFORM_ID: PlatformId = PLATFORM_METAS[0].id;

const BY_ID = new Map<string, PlatformMeta<PlatformId>>(PLATFORM_METAS.map((m) => [m.id, m]));

export const isPlatformId = (value: string): value is PlatformId => BY_ID.has(value);

/** The meta of a known id. */
export function platformMeta(id: PlatformId): PlatformMeta<PlatformId> {
  return BY_ID.get(id)!;
}

/**
 * The one name of a network on screen (decision 207): "X (Twitter)" in lists, cards, filters and
 * selects and where text names it first; `networkShortName` ("X") after that. Unknown ids as given.
 */
export const networkName = (id: string): string => {
  const m = BY_ID.get(id);
  return m ? m.displayName : id;
};
export const networkShortName = (id: string): string => {
  const m = BY_ID.get(id);
  return m ? (m.shortName ?? m.brand) : id;
};

/** "X (Twitter), Facebook, ... and Threads": the networks users can connect, as running text. */
export function connectableNames(): string {
  const names = PLATFORM_METAS.filter((m) => m.connect !== "placeholder").map((m) => networkName(m.id));
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}
