// Threads' preview card: a thread post (portrait-friendly 4:5 image; like, reply, repost, share).
import { Heart, MessageCircle, Repeat2, Send } from "lucide-react";
import { PreviewAction, PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function ThreadsPreview(props: PostPreviewProps) {
  return (
    <PreviewFrame
      {...props}
      imageRatio={4 / 5}
      actions={
        <>
          <PreviewAction label="Like" icon={<Heart size={16} aria-hidden />} />
          <PreviewAction label="Reply" icon={<MessageCircle size={16} aria-hidden />} />
          <PreviewAction label="Repost" icon={<Repeat2 size={16} aria-hidden />} />
          <PreviewAction label="Share" icon={<Send size={16} aria-hidden />} />
        </>
      }
    />
  );
}
