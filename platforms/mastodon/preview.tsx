// Mastodon's preview card: a toot (header with the full handle @user@instance, time and a
// public globe at the right; full-width text; 16:9 image; reply, boost, favourite, bookmark).
import { Bookmark, Reply, Repeat, Star } from "lucide-react";
import { PreviewFrame, type PostPreviewProps, type PreviewActionSpec } from "../shared/preview-frame.tsx";

const ACTIONS: readonly PreviewActionSpec[] = [
  ["Reply", Reply],
  ["Boost", Repeat],
  ["Favourite", Star],
  ["Bookmark", Bookmark, "bare"],
];

export function MastodonPreview(props: PostPreviewProps) {
  return (
    <PreviewFrame {...props} network="mastodon" layout="toot" handle={props.handle ?? "@yourbrand@mastodon.social"} imageRatio={16 / 9} actions={ACTIONS} />
  );
}
