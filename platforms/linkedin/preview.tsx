// LinkedIn's preview card: a feed post (company page header, full-width text, full-bleed 1.91:1
// image, a labelled Like, Comment, Repost, Send bar).
import { MessageSquareText, Repeat2, Send, ThumbsUp } from "lucide-react";
import { PreviewFrame, type PostPreviewProps, type PreviewActionSpec } from "../shared/preview-frame.tsx";

const ACTIONS: readonly PreviewActionSpec[] = [
  ["Like", ThumbsUp, "labelled"],
  ["Comment", MessageSquareText, "labelled"],
  ["Repost", Repeat2, "labelled"],
  ["Send", Send, "labelled"],
];

export function LinkedInPreview(props: PostPreviewProps) {
  return <PreviewFrame {...props} network="linkedin" layout="feed" imageRatio={1.91} subtitle="Company page" actions={ACTIONS} />;
}
