// Threads' preview card: the username alone (no display name) beside the avatar with the thread
// line under it, a portrait 4:5 image, and like, reply, repost, share as bare icons.
import { Heart, MessageCircle, Repeat2, Send } from "lucide-react";
import { PreviewAction, PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function ThreadsPreview(props: PostPreviewProps) {
  return (
    <PreviewFrame
      {...props}
      network="threads"
      layout="threads"
      imageRatio={4 / 5}
      actions={
        <>
          <PreviewAction label="Like" icon={<Heart size={18} aria-hidden />} bare />
          <PreviewAction label="Reply" icon={<MessageCircle size={18} aria-hidden />} bare />
          <PreviewAction label="Repost" icon={<Repeat2 size={18} aria-hidden />} bare />
          <PreviewAction label="Share" icon={<Send size={18} aria-hidden />} bare />
        </>
      }
    />
  );
}
