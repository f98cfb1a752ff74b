// Instagram's preview card: the shared frame with the image in a 4:3 frame, as the Create Post
// dialog has always shown it.
import { PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function InstagramPreview(props: PostPreviewProps) {
  return <PreviewFrame {...props} imageRatio={4 / 3} />;
}
