// Bluesky's preview card: avatar beside the text, handle as name.bsky.social, a 16:9 image with
// rounded corners; reply, repost, like and the "more" menu (no view count: Bluesky shows none).
import { Ellipsis, Heart, MessageCircle, Repeat2 } from "lucide-react";
import { PreviewAction, PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function BlueskyPreview(props: PostPreviewProps) {
  return (
    <PreviewFrame
      {...props}
      network="bluesky"
      layout="thread"
      handle={props.handle ?? "@yourbrand.bsky.social"}
      imageRatio={16 / 9}
      actions={
        <>
          <PreviewAction label="Reply" icon={<MessageCircle size={16} aria-hidden />} />
          <PreviewAction label="Repost" icon={<Repeat2 size={16} aria-hidden />} />
          <PreviewAction label="Like" icon={<Heart size={16} aria-hidden />} />
          <PreviewAction label="More" icon={<Ellipsis size={16} aria-hidden />} bare />
        </>
      }
    />
  );
}
