// Instagram's preview card: the square image first, then like, comment, share and save, then the
// caption under the handle (a post without an image shows the square it needs).
import { Bookmark, Heart, MessageCircle, Send } from "lucide-react";
import { PreviewAction, PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function InstagramPreview(props: PostPreviewProps) {
  return (
    <PreviewFrame
      {...props}
      network="instagram"
      layout="photo"
      imageRatio={1}
      actions={
        <>
          <PreviewAction label="Like" icon={<Heart size={18} aria-hidden />} />
          <PreviewAction label="Comment" icon={<MessageCircle size={18} aria-hidden />} />
          <PreviewAction label="Share" icon={<Send size={18} aria-hidden />} />
          <PreviewAction label="Save" icon={<Bookmark size={18} aria-hidden />} />
        </>
      }
    />
  );
}
