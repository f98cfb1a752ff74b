// Instagram's preview card: the square image first, then like, comment, share and save, then the
// caption under the handle (a post without an image shows the square it needs).
import { Bookmark, Heart, MessageCircle, Send } from "lucide-react";
import { PreviewFrame, type PostPreviewProps, type PreviewActionSpec } from "../shared/preview-frame.tsx";

const ACTIONS: readonly PreviewActionSpec[] = [
  ["Like", Heart],
  ["Comment", MessageCircle],
  ["Share", Send],
  ["Save", Bookmark],
];

export function InstagramPreview(props: PostPreviewProps) {
  return <PreviewFrame {...props} network="instagram" layout="photo" imageRatio={1} actionIconSize={18} actions={ACTIONS} />;
}
