import { AspectRatio, Avatar, Box, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { ChartNoAxesColumn, Heart, MessageCircle, Repeat2, Share } from "lucide-react";
import type { ReactNode } from "react";

// The frame every network's preview card shares (spec: max width 600 px, avatar, name, handle,
// "Just now", text, hashtags, image, engagement counts at 0). A network's preview.tsx passes its
// own image ratio and action row; platforms/previews.tsx lists them.

export type PostPreviewProps = {
  content: string;
  hashtags?: string[];
  imageUrl?: string | null;
  brandName?: string;
  handle?: string;
};

export function PreviewAction({ label, icon }: { label: string; icon: ReactNode }) {
  return (
    <HStack as="span" gap="1" color="fg.muted" fontSize="sm" aria-label={`${label}: 0`}>
      {icon}
      <Text as="span">0</Text>
    </HStack>
  );
}

/** The engagement row most networks show: reply, repost, like, views, share, all at 0. */
function DefaultActions() {
  return (
    <>
      <PreviewAction label="Reply" icon={<MessageCircle size={16} aria-hidden />} />
      <PreviewAction label="Repost" icon={<Repeat2 size={16} aria-hidden />} />
      <PreviewAction label="Like" icon={<Heart size={16} aria-hidden />} />
      <PreviewAction label="View" icon={<ChartNoAxesColumn size={16} aria-hidden />} />
      <PreviewAction label="Share" icon={<Share size={16} aria-hidden />} />
    </>
  );
}

type FrameProps = PostPreviewProps & {
  /** Width / height of the image frame. */
  imageRatio?: number;
  /** The action row; DefaultActions when omitted. */
  actions?: ReactNode;
};

/** Live preview of a post in a network's style. */
export function PreviewFrame({ content, hashtags = [], imageUrl, brandName = "Your Brand", handle = "@yourbrand", imageRatio = 4 / 3, actions }: FrameProps) {
  const tags = hashtags.map((h) => h.replace(/^#+/, "")).filter(Boolean);
  return (
    <Box as="article" aria-label="Post preview" data-testid="post-preview" maxW="600px" w="full" borderWidth="1px" borderRadius="lg" p="4" bg="bg">
      <HStack align="start" gap="3">
        <Avatar.Root size="sm" colorPalette="brand">
          <Avatar.Fallback name={brandName} />
        </Avatar.Root>
        <Stack gap="2" flex="1" minW="0">
          <HStack gap="1" flexWrap="wrap" fontSize="sm">
            <Text fontWeight="bold">{brandName}</Text>
            <Text color="fg.muted">{handle}</Text>
            <Text color="fg.muted" aria-hidden>
              ·
            </Text>
            <Text color="fg.muted">Just now</Text>
          </HStack>
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
          {imageUrl && (
            <AspectRatio ratio={imageRatio} borderRadius="md" overflow="hidden" borderWidth="1px">
              <Image src={imageUrl} alt="Attached image" objectFit="cover" />
            </AspectRatio>
          )}
          <HStack justify="space-between" pt="1" maxW="420px">
            {actions ?? <DefaultActions />}
          </HStack>
        </Stack>
      </HStack>
    </Box>
  );
}
