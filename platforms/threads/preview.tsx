// Threads' preview card: the username alone (no display name) beside the avatar with the thread
// line under it, a portrait 4:5 image, and like, reply, repost, share as bare icons.
import { Heart, MessageCircle, Repeat2, Send } from "lucide-react";
import { PreviewFrame, type PostPreviewProps, type PreviewActionSpec } from "../shared/preview-frame.tsx";

const ACTIONS: readonly PreviewActionSpec[] = [
  ["Like", Heart, "bare"],
  ["Reply", MessageCircle, "bare"],
  ["Repost", Repeat2, "bare"],
  ["Share", Send, "bare"],
];

export function ThreadsPreview(props: PostPreviewProps) {
  return <PreviewFrame {...props} network="threads" layout="threads" imageRatio={4 / 5} actionIconSize={18} actions={ACTIONS} />;
}
