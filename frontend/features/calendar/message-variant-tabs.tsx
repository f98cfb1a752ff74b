// A message's variants, one per network (decisions 185, 260): the post detail opens one of them
// and shows a tab per network of the same message (the calendar's rows carry message_id), so the
// person moves between them; each variant is still its own post, edited and published alone.
import { Tabs } from "@chakra-ui/react";
import type { CalendarPost } from "../../../schema/api/calendar";
import { PlatformIcon, PLATFORM_LABELS } from "../../components/posts/platform-icon";

/** The posts of `post`'s message among `posts` (itself included), in network order; [] when it has no siblings. */
export function messageVariants(post: CalendarPost | null, posts: readonly CalendarPost[] | undefined): CalendarPost[] {
  if (!post?.message_id || !posts) return [];
  const variants = posts.filter((p) => p.message_id === post.message_id);
  return variants.length > 1 ? variants : [];
}

/**
 * The posts as the calendar draws them: a message's variants due at the same moment are one entry
 * (one card, a chip per network); a post alone, or a variant moved to another time, is its own.
 * Entries keep the order of their first post.
 */
export function groupByMessage(posts: readonly CalendarPost[]): CalendarPost[][] {
  const groups: CalendarPost[][] = [];
  const byKey = new Map<string, CalendarPost[]>();
  for (const p of posts) {
    const key = p.message_id ? `${p.message_id}@${p.scheduled_for}` : null;
    const group = key ? byKey.get(key) : undefined;
    if (group) group.push(p);
    else {
      const next = [p];
      groups.push(next);
      if (key) byKey.set(key, next);
    }
  }
  return groups;
}

export function MessageVariantTabs({ post, variants, onSelect }: { post: CalendarPost; variants: CalendarPost[]; onSelect: (post: CalendarPost) => void }) {
  if (variants.length < 2) return null;
  return (
    <Tabs.Root
      value={post.id}
      onValueChange={(e) => {
        const next = variants.find((v) => v.id === e.value);
        if (next) onSelect(next);
      }}
      variant="line"
      colorPalette="brand"
      size="sm"
    >
      <Tabs.List aria-label="This message on each network" overflowX="auto">
        {variants.map((v) => (
          <Tabs.Trigger key={v.id} value={v.id}>
            <PlatformIcon platform={v.platform} decorative />
            {PLATFORM_LABELS[v.platform]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
