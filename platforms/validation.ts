// A post checked against its network's rules before it is scheduled (decision 122): the same
// function runs live in the SPA while the user types and in the API before anything is saved, so
// a post the network would refuse is never accepted and then failed at its due time. Rules come
// from each network's meta (platforms/<network>/meta.ts): length as the network counts it with
// hashtags joined exactly as they will be sent, image required, image type (unless the network
// gets a JPEG copy, decision 129), size (unless the network's copy is shrunk to fit, decision 126)
// and aspect ratio. A pixel cap is met by a copy too (decision 128).
// The daily cap needs the database and is checked by the Worker (worker/services/posts/rules.ts).
import { isPlatformId, networkName, networkShortName, platformMeta } from "./registry.ts";
import { sentAsJpegCopy, takesImageType } from "./shared/meta.ts";

export type DraftImage = { type: string; size: number; width?: number; height?: number };
export type PostDraftForRules = {
  platform: string;
  content: string;
  hashtags: readonly string[];
  image?: DraftImage | null;
  /** The account's own length limit (rules.accountMaxLength), when the network has one. */
  maxLength?: number | null;
};
export type RuleIssue = { field: "content" | "media_info"; message: string };

/** The length of the text as the network counts it, and its limit. */
export function measurePost(
  platform: string,
  content: string,
  hashtags: readonly string[],
  accountLimit?: number | null,
): { length: number; limit: number } | null {
  if (!isPlatformId(platform)) return null;
  const { rules } = platformMeta(platform);
  return { length: rules.countLength(rules.composeText(content, hashtags)), limit: accountLimit ?? rules.maxLength };
}

/** "8 MB", or "1,000 KB" for a limit that is not a whole number of MB (Bluesky's 1,000,000 bytes). */
const sizeText = (bytes: number) => (bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MB` : `${Math.floor(bytes / 1000).toLocaleString("en-US")} KB`);

/** Every rule of the post's network it breaks, content first; [] when it may be scheduled. */
export function checkPostRules(draft: PostDraftForRules): RuleIssue[] {
  if (!isPlatformId(draft.platform)) return [];
  const meta = platformMeta(draft.platform);
  const { rules } = meta;
  const issues: RuleIssue[] = [];
  // A network is named in full first ("X (Twitter)"), short after ("X") (decision 291).
  const name = networkName(meta.id);
  const short = networkShortName(meta.id);
  const measured = measurePost(draft.platform, draft.content, draft.hashtags, draft.maxLength)!;
  if (measured.length > measured.limit) {
    issues.push({
      field: "content",
      message: `Too long for ${name}: ${measured.length}/${measured.limit} characters as ${short} counts them, hashtags included`,
    });
  }
  const image = draft.image ?? null;
  if (!image) {
    if (rules.images.required) issues.push({ field: "media_info", message: `${name} requires an image. Please attach an image to this post.` });
    return issues;
  }
  if (!takesImageType(rules.images, image.type)) {
    issues.push({ field: "media_info", message: `${name} does not accept ${image.type.replace(/^image\//, "").toUpperCase()} images` });
  } else if (image.size > rules.images.maxBytes && !rules.images.shrinkToFit) {
    issues.push({ field: "media_info", message: `This image is too large for ${name}: at most ${sizeText(rules.images.maxBytes)}` });
  } else if (rules.images.aspect && image.width && image.height) {
    const r = image.width / image.height;
    const { min, max } = rules.images.aspect;
    if (r < min - 0.005 || r > max + 0.005) {
      issues.push({
        field: "media_info",
        message: `${name} needs an image ${rules.images.aspect.label}; this one is ${image.width}×${image.height}`,
      });
    }
  }
  return issues;
}

/**
 * What the user should know about how the network will show the image, when it is not refused:
 * a GIF goes to a network that takes none as a still JPEG of its first frame (Instagram, decision
 * 123; Threads, decision 129). Null when the image goes as the user sees it.
 */
export function imageNote(platform: string, image: DraftImage | null | undefined): string | null {
  if (!image || image.type !== "image/gif" || !isPlatformId(platform)) return null;
  const meta = platformMeta(platform);
  return sentAsJpegCopy(meta.rules.images, image.type)
    ? `${networkName(meta.id)} takes no GIFs: this one will be posted as a still image (its first frame).`
    : null;
}
