// Facebook's preview card: a Page post (header with a public globe, full-width text, full-bleed
// 1.91:1 photo, a labelled Like, Comment, Share bar).
import { MessageCircle, Share2, ThumbsUp } from "lucide-react";
import { PreviewAction, PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function FacebookPreview(props: PostPreviewProps) {
  return (
    <PreviewFrame
      {...props}
      network="facebook"
      layout="feed"
      imageRatio={1.91}
      actions={
        <>
          <PreviewAction label="Like" icon={<ThumbsUp size={16} aria-hidden />} labelled />
          <PreviewAction label="Comment" icon={<MessageCircle size={16} aria-hidden />} labelled />
          <PreviewAction label="Share" icon={<Share2 size={16} aria-hidden />} labelled />
        </>
      }
    />
  );
}
