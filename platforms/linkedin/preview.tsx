// LinkedIn's preview card: a feed post (company page header, full-width text, full-bleed 1.91:1
// image, a labelled Like, Comment, Repost, Send bar).
import { MessageSquareText, Repeat2, Send, ThumbsUp } from "lucide-react";
import { PreviewAction, PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function LinkedInPreview(props: PostPreviewProps) {
  return (
    <PreviewFrame
      {...props}
      network="linkedin"
      layout="feed"
      imageRatio={1.91}
      subtitle="Company page"
      actions={
        <>
          <PreviewAction label="Like" icon={<ThumbsUp size={16} aria-hidden />} labelled />
          <PreviewAction label="Comment" icon={<MessageSquareText size={16} aria-hidden />} labelled />
          <PreviewAction label="Repost" icon={<Repeat2 size={16} aria-hidden />} labelled />
          <PreviewAction label="Send" icon={<Send size={16} aria-hidden />} labelled />
        </>
      }
    />
  );
}
