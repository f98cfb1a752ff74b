// RSS to drafts (decision 284): what a user sends to follow a feed and what the API answers. A feed
// is polled at most every FEED_POLL_MINUTES; each new item becomes a draft, or a queue entry in the
// posting schedule, written in the brand's voice with the item's link.
import { z } from "zod";
import { DEFAULT_PLATFORM_ID } from "../../platforms/registry";
import { idParam, platformSchema } from "./common";

export const FEED_POLL_MINUTES = 15;
/** Feeds one project may follow. */
export const MAX_FEEDS = 10;
const FEED_MODES = ["draft", "queue"] as const;

export const FEED_TEXTS = {
  url: "Enter the address of an RSS or Atom feed",
  tooMany: `A project can follow at most ${MAX_FEEDS} feeds`,
  duplicate: "This project already follows this feed",
} as const;

export const createFeedSchema = z.object({
  url: z.string().trim().min(1, FEED_TEXTS.url).max(2000, FEED_TEXTS.url),
  mode: z.enum(FEED_MODES).default("draft"),
  platform: platformSchema.default(DEFAULT_PLATFORM_ID),
});
export const feedParam = z.object({ feedId: idParam });

const rfc3339 = z.iso.datetime({ offset: true });
export const feedResponse = z.strictObject({
  id: z.string(),
  project_id: z.string(),
  url: z.string(),
  title: z.string().nullable(),
  platform: platformSchema,
  mode: z.enum(FEED_MODES),
  last_polled_at: rfc3339.nullable(),
  last_error: z.string().nullable(),
  /** Posts written from its items so far. */
  post_count: z.number().int().min(0),
  created_at: rfc3339,
});
export type FeedDto = z.infer<typeof feedResponse>;
export const feedListResponse = z.array(feedResponse);
