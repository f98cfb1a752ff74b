// Bluesky's preview card: a skeet (handle as name.bsky.social, 16:9 image; reply, repost, like).
import { Heart, MessageCircle, Repeat2 } from "lucide-react";
import { PreviewAction, PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function BlueskyPreview(props: PostPreviewProps) {
  return (
    <PreviewFrame
      {...props}
      handle={props.handle ?? "@yourbrand.bsky.social"}
      imageRatio={16 / 9}
      actions={
        <>
          <PreviewAction label="Reply" icon={<MessageCircle size={16} aria-hidden />} />
          <PreviewAction label="Repost" icon={<Repeat2 size={16} aria-hidden />} />
          <PreviewAction label="Like" icon={<Heart size={16} aria-hidden />} />
        </>
      }
    />
  );
}
