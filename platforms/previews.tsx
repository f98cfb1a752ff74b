// SPA registry of preview cards, one line per network; a network without one uses the shared frame.
import type { ComponentType } from "react";
import { BlueskyPreview } from "./bluesky/preview.tsx";
import { FacebookPreview } from "./facebook/preview.tsx";
import { InstagramPreview } from "./instagram/preview.tsx";
import { LinkedInPreview } from "./linkedin/preview.tsx";
import { MastodonPreview } from "./mastodon/preview.tsx";
import type { PlatformId } from "./registry.ts";
import type { PostPreviewProps } from "./shared/preview-frame.tsx";
import { ThreadsPreview } from "./threads/preview.tsx";
import { XPreview } from "./x/preview.tsx";

export const PREVIEWS: Partial<Record<PlatformId, ComponentType<PostPreviewProps>>> = {
  twitter: XPreview,
  instagram: InstagramPreview,
  facebook: FacebookPreview,
  linkedin: LinkedInPreview,
  bluesky: BlueskyPreview,
  mastodon: MastodonPreview,
  threads: ThreadsPreview,
};
