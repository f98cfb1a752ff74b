// Facebook's preview card: a Page post (header with a public globe, full-width text, full-bleed
// 1.91:1 photo, a labelled Like, Comment, Share bar).
import { MessageCircle, Share2, ThumbsUp } from "lucide-react";
import { PreviewFrame, type PostPreviewProps, type PreviewActionSpec } from "../shared/preview-frame.tsx";

const ACTIONS: readonly PreviewActionSpec[] = [
  ["Like", ThumbsUp, "labelled"],
  ["Comment", MessageCircle, "labelled"],
  ["Share", Share2, "labelled"],
];

export function FacebookPreview(props: PostPreviewProps) {
  return <PreviewFrame {...props} network="facebook" layout="feed" imageRatio={1.91} actions={ACTIONS} />;
}
