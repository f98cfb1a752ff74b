// The per-network checks an imported row must pass before it becomes a post (decision 152): the
// length as the network counts it (content plus " #tag" per hashtag) and whether the network
// needs an image. One place, so the import preview and the import agree.
import { PLATFORMS, type Platform } from "../../schema/api/common";
import { PLATFORM_LIMITS, publishedLength } from "../../schema/api/campaigns";

const ALIASES: Record<string, Platform> = { x: "twitter", "twitter (x)": "twitter", "x (twitter)": "twitter", ig: "instagram" };

/** A network id from a CSV cell ("X", "twitter", "Instagram"), or null. */
export function resolveNetwork(cell: string): Platform | null {
  const v = cell.trim().toLowerCase();
  if ((PLATFORMS as readonly string[]).includes(v)) return v as Platform;
  return ALIASES[v] ?? null;
}

// Instagram's content publishing API makes a media container from an image; text alone is refused.
const NEEDS_IMAGE: ReadonlySet<Platform> = new Set(["instagram"]);

export function networkRuleErrors(platform: Platform, content: string, hashtags: string[], hasImage: boolean): string[] {
  const errors: string[] = [];
  const limit = PLATFORM_LIMITS[platform];
  const length = publishedLength(content, hashtags);
  if (length > limit) errors.push(`Post is too long for ${platform}: ${length} of ${limit} characters with hashtags`);
  if (NEEDS_IMAGE.has(platform) && !hasImage) errors.push(`${platform} needs an image (add an image_url)`);
  return errors;
}
