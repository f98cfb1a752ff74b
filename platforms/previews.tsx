// SPA registry of preview cards, one line per network; a network without one uses the shared frame.
import type { ComponentType } from "react";
import { InstagramPreview } from "./instagram/preview.tsx";
import type { PlatformId } from "./registry.ts";
import type { PostPreviewProps } from "./shared/preview-frame.tsx";
import { XPreview } from "./x/preview.tsx";

export const PREVIEWS: Partial<Record<PlatformId, ComponentType<PostPreviewProps>>> = {
  twitter: XPreview,
  instagram: InstagramPreview,
};
