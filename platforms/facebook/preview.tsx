// Facebook's preview card: a Page post (landscape photo; like, comment, share).
import { MessageCircle, Share2, ThumbsUp } from "lucide-react";
import { PreviewAction, PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function FacebookPreview(props: PostPreviewProps) {
  return (
    <PreviewFrame
      {...props}
      imageRatio={1.91}
      actions={
        <>
          <PreviewAction label="Like" icon={<ThumbsUp size={16} aria-hidden />} />
          <PreviewAction label="Comment" icon={<MessageCircle size={16} aria-hidden />} />
          <PreviewAction label="Share" icon={<Share2 size={16} aria-hidden />} />
        </>
      }
    />
  );
}
