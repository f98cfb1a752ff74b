// What every part of the app knows about a social network, in plain TypeScript with no runtime
// dependency: the SPA (cards, filters, previews, live checks), the Worker (validation, publishing)
// and the platform sandbox (plain Node) all read the same facts, so a rule is written once.
// Imports inside platforms/ carry their `.ts` extension: the sandbox runs them under Node directly.

/** Image MIME types the app accepts for upload (schema/api/posts.ts IMAGE_TYPES). */
type ImageType = "image/jpeg" | "image/png" | "image/gif";

export type ImageRules = {
  /** Types the network accepts as they are. */
  types: readonly ImageType[];
  /** Largest file the network accepts, in bytes. */
  maxBytes: number;
  /** Images per post. */
  maxCount: number;
  /** A post without an image is refused (Instagram). */
  required: boolean;
  /** The only type the network receives: other accepted types are converted first (decision 123). */
  sendAs?: ImageType;
  /** Width / height the network accepts, and how to say it ("between 4:5 and 1.91:1"). */
  aspect?: { min: number; max: number; label: string };
  /** Wider images are scaled down to this width before sending. */
  maxWidth?: number;
  /**
   * A larger file than `maxBytes` is not refused: a JPEG copy is scaled down until it fits and
   * sent instead, the upload kept as it is (Bluesky's 1,000,000-byte blobs, Facebook's 4 MB
   * photos; decision 126).
   */
  shrinkToFit?: boolean;
  /**
   * Images with this many pixels (width × height) or more are refused by the network: a JPEG copy
   * scaled down below it is sent instead (LinkedIn's Images API: under 36,152,320; decision 128).
   */
  maxPixels?: number;
  /**
   * Types the network refuses that are still accepted at scheduling and sent as a JPEG copy (a
   * GIF as its first frame: Threads takes JPEG and PNG only; decision 129).
   */
  sentAsJpeg?: readonly ImageType[];
  /**
   * The network carries an image's alt text (Bluesky's embed `alt`, Mastodon's media
   * `description`, X's media metadata, LinkedIn's `altText`, Instagram's and Threads' container
   * `alt_text`): the app stores it with the post and the adapter sends it (decision 287).
   */
  altText?: boolean;
};

/**
 * Whether an image of this type goes to the network as a JPEG copy rather than as it is: the
 * network receives one type only (`sendAs`, Instagram) or refuses it and takes a copy
 * (`sentAsJpeg`, Threads' GIFs).
 */
export function sentAsJpegCopy(rules: ImageRules, type: string): boolean {
  return (!!rules.sendAs && type !== rules.sendAs) || !!rules.sentAsJpeg?.includes(type as ImageType);
}

/** Whether the network takes an image of this type, as it is or as a JPEG copy. */
export function takesImageType(rules: ImageRules, type: string): boolean {
  return rules.types.includes(type as ImageType) || !!rules.sentAsJpeg?.includes(type as ImageType);
}

type PlatformRules = {
  /** Largest post as the network counts it (see countLength). */
  maxLength: number;
  /** Length of the final text as the network counts it. */
  countLength: (text: string) => number;
  /** The text sent to the network: content plus hashtags, joined exactly as published. */
  composeText: (content: string, hashtags: readonly string[]) => string;
  images: ImageRules;
  /** Posts the network lets one account publish per rolling 24 hours; null when it states none. */
  dailyCap: number | null;
  /**
   * Hashtags a written post carries at most on this network: the network's own cap where it has
   * one (Instagram 30, Threads 1), else what reads well there. The writer never goes above it.
   */
  hashtagCap: number;
  /**
   * The account's own length limit where the network sets one per account (Mastodon: each
   * instance's max_characters, stored in social_accounts.account_meta); null: maxLength applies.
   */
  accountMaxLength?: (accountMeta: Record<string, unknown> | null) => number | null;
  /**
   * The account's own image size limit in bytes where the network sets one per account (Mastodon:
   * each instance's image_size_limit, stored with the account); null: images.maxBytes applies.
   */
  accountImageMaxBytes?: (accountMeta: Record<string, unknown> | null) => number | null;
};

export type PlatformMeta<Id extends string = string> = {
  /** Stored in posts.platform and social_accounts.platform: never change an existing id. */
  id: Id;
  /** The network's name in filters, cards and messages ("Twitter"). */
  label: string;
  /** The name the network goes by in running text ("X"). */
  brand: string;
  /** The name in the Create Post platform select ("Twitter (X)"). */
  selectLabel: string;
  /**
   * The one name users see in lists, cards, filters and selects ("X (Twitter)"), where it first
   * appears (decision 207).
   */
  displayName: string;
  /** The name in running text after that ("X"); `brand` when not set. */
  shortName?: string;
  /** Brand colour of its mark. */
  color: string;
  /** 24x24 viewBox SVG path of its mark. */
  iconPath: string;
  /**
   * "oauth": connect through /api/oauth/:id/start and publish through its adapter.
   * "placeholder": shown on Social Connect with the spec's "... OAuth flow would start here" toast.
   * "app-password": the user types `connectFields` (Bluesky: handle + app password), posted to
   *   /api/projects/:projectId/social-accounts/:id; no redirect.
   * "instance": the user names their server in `connectFields` (Mastodon), then an OAuth redirect.
   */
  connect: "oauth" | "placeholder" | "app-password" | "instance";
  /** What the user types before connecting ("app-password" and "instance" networks). */
  connectFields?: readonly ConnectField[];
  /**
   * Said when a post is created for this network and the project has no account of it, where the
   * spec words it for this network; else "No connected <id> account found".
   */
  noAccountMessage?: string;
  /** The developer portal the setup guide links to. */
  setupUrl: string;
  /** Setup-guide steps; `callbackUrl` is this app's /auth/<id>/callback. */
  setupGuide: (callbackUrl: string) => string[];
  rules: PlatformRules;
};

/** One input of a network's connect form (rendered by the SPA's Social Connect screen). */
export type ConnectField = {
  name: "identifier" | "password" | "instance";
  label: string;
  type?: "text" | "password";
  placeholder?: string;
  autoComplete?: string;
  help?: string;
  /** Shown when the field is left empty. */
  requiredMessage: string;
};

/** Code points, as most networks count: an emoji is one, not two UTF-16 units. */
export const codePointLength = (text: string): number => [...text].length;

/**
 * Length by grapheme, what a reader sees as one character (an emoji with its modifiers is one),
 * each weighed by `weight` (1 unless the network counts some graphemes more).
 */
export function graphemeLength(text: string, weight: (grapheme: string) => number = () => 1): number {
  let n = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)) n += weight(segment);
  return n;
}

/**
 * The text sent to a network: the content, then a blank line and the hashtags the content does
 * not already contain, separated by single spaces.
 */
export function composeWithHashtags(content: string, hashtags: readonly string[]): string {
  const lower = content.toLowerCase();
  const tags = hashtags
    .map((h) => h.replace(/^#+/, "").trim())
    .filter((h) => h && !lower.includes(`#${h.toLowerCase()}`))
    .map((h) => `#${h}`);
  return tags.length ? `${content.trim()}\n\n${tags.join(" ")}` : content.trim();
}

/** A meta as a network declares it: `brand`, `displayName` and `selectLabel` are `label` unless given. */
type DeclaredMeta<Id extends string> = Omit<PlatformMeta, "id" | "brand" | "displayName" | "selectLabel"> & {
  id: Id;
  brand?: string;
  displayName?: string;
  selectLabel?: string;
};

/** Declares a network's meta with its id kept as a literal type (the id union derives from it). */
export function defineMeta<const Id extends string>(meta: DeclaredMeta<Id>): PlatformMeta<Id> {
  return { ...meta, brand: meta.brand ?? meta.label, displayName: meta.displayName ?? meta.label, selectLabel: meta.selectLabel ?? meta.label };
}
