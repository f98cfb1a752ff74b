// LinkedIn's preview card: a feed post (wide 1.91:1 image; like, comment, repost, send).
import { MessageSquareText, Repeat2, Send, ThumbsUp } from "lucide-react";
import { PreviewAction, PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function LinkedInPreview(props: PostPreviewProps) {
  return (
    <PreviewFrame
      {...props}
      imageRatio={1.91}
      actions={
        <>
          <PreviewAction label="Like" icon={<ThumbsUp size={16} aria-hidden />} />
          <PreviewAction label="Comment" icon={<MessageSquareText size={16} aria-hidden />} />
          <PreviewAction label="Repost" icon={<Repeat2 size={16} aria-hidden />} />
          <PreviewAction label="Send" icon={<Send size={16} aria-hidden />} />
        </>
      }
    />
  );
}
