// X's preview card: a post with the avatar beside the text, a 16:9 image with rounded corners
// (the timeline's single-image frame) and reply, repost, like, views, share at 0.
import { PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function XPreview(props: PostPreviewProps) {
  return <PreviewFrame {...props} network="twitter" layout="thread" imageRatio={16 / 9} />;
}
