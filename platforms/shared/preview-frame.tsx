import { Avatar, Box, Center, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { ChartNoAxesColumn, Globe, Heart, MessageCircle, Repeat2, Share, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

// The frame every network's preview card shares (spec: max width 600 px, avatar, name, handle,
// "Just now", text, hashtags, image, engagement counts at 0). A network's preview.tsx picks one of
// the layouts below, its image ratio and its action row; platforms/previews.tsx lists them
// (docs/decisions/287-network-previews-media-library.md). Images are shown whole (contain), never
// cropped: a preview that cut off a card's text would hide what the network will show.

export type PostPreviewProps = {
  content: string;
  hashtags?: string[];
  imageUrl?: string | null;
  /** The image's alt text, read by screen readers here as on the network. */
  imageAlt?: string | null;
  brandName?: string;
  handle?: string;
};

/**
 * One action of a card's row: its name, its icon and how it shows. By default the icon with its
 * count at 0; "labelled" writes the action's name instead (LinkedIn's and Facebook's bars), "bare"
 * shows the icon alone (Threads).
 */
export type PreviewActionSpec = readonly [label: string, icon: LucideIcon, show?: "labelled" | "bare"];

function PreviewAction({ label, icon, labelled = false, bare = false }: { label: string; icon: ReactNode; labelled?: boolean; bare?: boolean }) {
  return (
    <HStack as="span" gap="1" color="fg.muted" fontSize="sm" aria-label={labelled || bare ? label : `${label}: 0`} py={labelled ? "1" : undefined}>
      {icon}
      {!bare && (
        <Text as="span" aria-hidden={labelled || undefined}>
          {labelled ? label : "0"}
        </Text>
      )}
    </HStack>
  );
}

/** The engagement row most networks show: reply, repost, like, views, share, all at 0. */
const DEFAULT_ACTIONS: readonly PreviewActionSpec[] = [
  ["Reply", MessageCircle],
  ["Repost", Repeat2],
  ["Like", Heart],
  ["View", ChartNoAxesColumn],
  ["Share", Share],
];

function ActionRow({ actions, iconSize }: { actions: readonly PreviewActionSpec[]; iconSize: number }) {
  return actions.map(([label, Icon, show]) => (
    <PreviewAction key={label} label={label} icon={<Icon size={iconSize} aria-hidden />} labelled={show === "labelled"} bare={show === "bare"} />
  ));
}

type FrameProps = PostPreviewProps & {
  /** The network's id (data-network on the card, so a test or a style can tell them apart). */
  network?: string;
  /** Width / height of the image frame. */
  imageRatio?: number;
  /** The action row, in order; reply, repost, like, views, share when omitted. */
  actions?: readonly PreviewActionSpec[];
  /** The action icons' size in px (16 unless the network draws them larger). */
  actionIconSize?: number;
  /**
   * How the network lays a post out:
   * "thread" avatar beside the text (X, Bluesky); "threads" the same with the username only and
   * a thread line under the avatar (Threads); "toot" a header row over full-width text with the
   * time and visibility at the right (Mastodon); "feed" a header over full-width text, a
   * full-bleed image and a labelled action bar (LinkedIn, Facebook); "photo" the image first,
   * then actions, then the caption under the handle (Instagram).
   */
  layout?: "thread" | "threads" | "toot" | "feed" | "photo";
  /** The line under the name in a "feed" header (LinkedIn: the page kind). */
  subtitle?: string;
};

function Body({ content, tags }: { content: string; tags: string[] }) {
  return (
    <>
      {content.trim() ? (
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {content}
        </Text>
      ) : (
        <Text color="fg.subtle">Your post will appear here</Text>
      )}
      {tags.length > 0 && (
        <Text color="brand.solid" wordBreak="break-word" data-testid="preview-hashtags">
          {tags.map((t) => `#${t}`).join(" ")}
        </Text>
      )}
    </>
  );
}

function Media({ url, alt, ratio, bleed = false }: { url: string; alt?: string | null; ratio: number; bleed?: boolean }) {
  return (
    // The CSS aspect-ratio, not Chakra's AspectRatio: that component pulls the whole Chakra theme
    // into the start-up chunk once a public page (the review page) shows a preview (+16 KiB gzip).
    <Box
      aspectRatio={ratio}
      borderRadius={bleed ? "none" : "md"}
      overflow="hidden"
      borderWidth={bleed ? "0" : "1px"}
      bg="bg.muted"
      data-testid="preview-media"
      data-ratio={ratio.toFixed(2)}
    >
      <Image src={url} alt={alt?.trim() || "Attached image"} w="full" h="full" objectFit="contain" />
    </Box>
  );
}

function BrandAvatar({ name }: { name: string }) {
  return (
    <Avatar.Root size="sm" colorPalette="brand">
      <Avatar.Fallback name={name} />
    </Avatar.Root>
  );
}

function Card({ layout, network, maxW = "600px", children, ...rest }: { layout: string; network?: string; maxW?: string; children: ReactNode; p?: string }) {
  return (
    <Box
      as="article"
      aria-label="Post preview"
      data-testid="post-preview"
      data-layout={layout}
      data-network={network}
      maxW={maxW}
      w="full"
      borderWidth="1px"
      borderRadius="lg"
      bg="bg"
      overflow="hidden"
      {...rest}
    >
      {children}
    </Box>
  );
}

/** Live preview of a post in a network's style. */
export function PreviewFrame({
  content,
  hashtags = [],
  imageUrl,
  imageAlt,
  brandName = "Your Brand",
  handle = "@yourbrand",
  imageRatio = 4 / 3,
  actions = DEFAULT_ACTIONS,
  actionIconSize = 16,
  layout = "thread",
  subtitle,
  network,
}: FrameProps) {
  const tags = hashtags.map((h) => h.replace(/^#+/, "")).filter(Boolean);
  const actionRow = <ActionRow actions={actions} iconSize={actionIconSize} />;
  const username = handle.replace(/^@/, "").split("@")[0]!;
  if (layout === "photo") {
    // The square image leads; with none yet, a square placeholder holds its place.
    return (
      <Card layout="photo" network={network} maxW="470px">
        <HStack gap="2" px="3" py="2">
          <BrandAvatar name={brandName} />
          <Text fontWeight="bold" fontSize="sm">
            {username}
          </Text>
        </HStack>
        {imageUrl ? (
          <Media url={imageUrl} alt={imageAlt} ratio={imageRatio} bleed />
        ) : (
          <Center aspectRatio={imageRatio} bg="bg.muted" data-testid="preview-media" data-ratio={imageRatio.toFixed(2)}>
            <Text color="fg.muted" fontSize="sm" textAlign="center" px="6">
              Add an image: every post here shows one
            </Text>
          </Center>
        )}
        <Stack gap="1" px="3" py="2">
          <HStack gap="4">{actionRow}</HStack>
          <Box fontSize="sm" data-testid="preview-caption">
            <Text as="span" fontWeight="bold" mr="1">
              {username}
            </Text>
            <Body content={content} tags={tags} />
          </Box>
          <Text color="fg.muted" fontSize="xs">
            Just now
          </Text>
        </Stack>
      </Card>
    );
  }
  if (layout === "feed") {
    return (
      <Card layout="feed" network={network}>
        <HStack gap="3" px="4" pt="3">
          <BrandAvatar name={brandName} />
          <Stack gap="0" fontSize="sm" minW="0">
            <Text fontWeight="bold">{brandName}</Text>
            <HStack gap="1" color="fg.muted" fontSize="xs">
              <Text>{subtitle ? `${subtitle} · ` : ""}Just now ·</Text>
              <Globe size={12} aria-label="Public" />
            </HStack>
          </Stack>
        </HStack>
        <Stack gap="2" px="4" py="3">
          <Body content={content} tags={tags} />
        </Stack>
        {imageUrl && <Media url={imageUrl} alt={imageAlt} ratio={imageRatio} bleed />}
        <HStack justify="space-around" borderTopWidth="1px" mx="2" py="1" flexWrap="wrap">
          {actionRow}
        </HStack>
      </Card>
    );
  }
  if (layout === "toot") {
    // Name and full handle beside the avatar, the time and a public globe at the right; the text
    // runs the card's full width under the header.
    return (
      <Card layout="toot" network={network} p="4">
        <HStack gap="3" align="start">
          <BrandAvatar name={brandName} />
          <Stack gap="0" fontSize="sm" flex="1" minW="0">
            <Text fontWeight="bold">{brandName}</Text>
            <Text color="fg.muted" truncate>
              {handle}
            </Text>
          </Stack>
          <HStack gap="1" color="fg.muted" fontSize="sm" flexShrink={0}>
            <Globe size={14} aria-label="Public" />
            <Text>Just now</Text>
          </HStack>
        </HStack>
        <Stack gap="2" pt="3">
          <Body content={content} tags={tags} />
          {imageUrl && <Media url={imageUrl} alt={imageAlt} ratio={imageRatio} />}
          <HStack gap="6" pt="1">
            {actionRow}
          </HStack>
        </Stack>
      </Card>
    );
  }
  const threads = layout === "threads";
  return (
    <Card layout={layout} network={network} p="4">
      <HStack align="stretch" gap="3">
        <Stack align="center" gap="2">
          <BrandAvatar name={brandName} />
          {/* The line that joins a post to the replies under it. */}
          {threads && <Box flex="1" w="2px" bg="border" borderRadius="full" data-testid="preview-thread-line" />}
        </Stack>
        <Stack gap="2" flex="1" minW="0">
          {threads ? (
            <HStack gap="2" fontSize="sm">
              <Text fontWeight="bold">{username}</Text>
              <Text color="fg.muted">Just now</Text>
            </HStack>
          ) : (
            <HStack gap="1" flexWrap="wrap" fontSize="sm">
              <Text fontWeight="bold">{brandName}</Text>
              <Text color="fg.muted">{handle}</Text>
              <Text color="fg.muted" aria-hidden>
                ·
              </Text>
              <Text color="fg.muted">Just now</Text>
            </HStack>
          )}
          <Body content={content} tags={tags} />
          {imageUrl && <Media url={imageUrl} alt={imageAlt} ratio={imageRatio} />}
          <HStack justify={threads ? "start" : "space-between"} gap={threads ? "5" : undefined} pt="1" maxW="420px">
            {actionRow}
          </HStack>
        </Stack>
      </HStack>
    </Card>
  );
}
