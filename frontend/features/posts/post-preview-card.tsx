import { DEFAULT_PLATFORM_ID, type PlatformId } from "../../../platforms/registry";
import { PREVIEWS } from "../../../platforms/previews";
import { PreviewFrame, type PostPreviewProps } from "../../../platforms/shared/preview-frame";

export type { PostPreviewProps };

/** Live preview of a post in its network's style (platforms/<network>/preview.tsx; the default network when none is given). */
export function PostPreviewCard({ platform = DEFAULT_PLATFORM_ID, ...props }: PostPreviewProps & { platform?: PlatformId }) {
  const Preview = PREVIEWS[platform] ?? PreviewFrame;
  return <Preview {...props} />;
}
