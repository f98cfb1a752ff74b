// Bluesky's preview card: avatar beside the text, handle as name.bsky.social, a 16:9 image with
// rounded corners; reply, repost, like and the "more" menu (no view count: Bluesky shows none).
import { Ellipsis, Heart, MessageCircle, Repeat2 } from "lucide-react";
import { PreviewFrame, type PostPreviewProps, type PreviewActionSpec } from "../shared/preview-frame.tsx";

const ACTIONS: readonly PreviewActionSpec[] = [
  ["Reply", MessageCircle],
  ["Repost", Repeat2],
  ["Like", Heart],
  ["More", Ellipsis, "bare"],
];

export function BlueskyPreview(props: PostPreviewProps) {
  return <PreviewFrame {...props} network="bluesky" layout="thread" handle={props.handle ?? "@yourbrand.bsky.social"} imageRatio={16 / 9} actions={ACTIONS} />;
}
