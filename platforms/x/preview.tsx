// X's preview card: a tweet (image in a 4:3 frame; reply, repost, like, views, share).
import { PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function XPreview(props: PostPreviewProps) {
  return <PreviewFrame {...props} imageRatio={4 / 3} />;
}
