// Mastodon's preview card: a toot (header with the full handle @user@instance, time and a
// public globe at the right; full-width text; 16:9 image; reply, boost, favourite, bookmark).
import { Bookmark, Reply, Repeat, Star } from "lucide-react";
import { PreviewAction, PreviewFrame, type PostPreviewProps } from "../shared/preview-frame.tsx";

export function MastodonPreview(props: PostPreviewProps) {
  return (
    <PreviewFrame
      {...props}
      network="mastodon"
      layout="toot"
      handle={props.handle ?? "@yourbrand@mastodon.social"}
      imageRatio={16 / 9}
      actions={
        <>
          <PreviewAction label="Reply" icon={<Reply size={16} aria-hidden />} />
          <PreviewAction label="Boost" icon={<Repeat size={16} aria-hidden />} />
          <PreviewAction label="Favourite" icon={<Star size={16} aria-hidden />} />
          <PreviewAction label="Bookmark" icon={<Bookmark size={16} aria-hidden />} bare />
        </>
      }
    />
  );
}
