import { Badge, Box, Button, Card, Circle, Heading, HStack, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { ArrowRight, Brain, CalendarDays, Heart, Pencil, Plus, Send, Share2, Sparkles, Trash2, Users } from "lucide-react";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { connectableNames } from "../../../platforms/registry";
import type { Post } from "../../../schema/api/posts";
import { browserTimeZone } from "../../../schema/api/campaigns";
import { dateInZone } from "../../../schema/api/campaign-schedule";
import { useAuth } from "../../app/auth-context";
import { Bone, ContentSkeleton } from "../../app/shell/shell-skeleton";
import { formatDay, formatTime } from "../calendar/calendar-dates";
import { PlatformIcon } from "../calendar/platform-icon";
import { formatHashtags } from "../calendar/post-api";
import { STATUS_COLORS } from "../calendar/post-card";
import { EditPostDialog } from "../calendar/post-detail-dialog";
import { usePostActions } from "../calendar/use-post-actions";
import { useDashboard } from "./use-dashboard";

const QUICK_ACTIONS = [
  { step: 1, title: "Feed Your Brain", text: "Upload brand documents so every post sounds like you.", to: "/brain", icon: Brain },
  { step: 2, title: "Connect Social", text: `Link your ${connectableNames()} accounts to publish.`, to: "/social-connect", icon: Share2 },
  { step: 3, title: "Generate Campaign", text: "Turn one prompt into a whole schedule of posts.", to: "/campaigns/new", icon: Sparkles },
] as const;

export default function DashboardPage() {
  const { project } = useAuth();
  const timeZone = useMemo(browserTimeZone, []);
  const { data, isLoading, mutate } = useDashboard(project?.id);
  const refresh = useCallback(() => void mutate(), [mutate]);
  const actions = usePostActions(refresh);
  const [editing, setEditing] = useState<Post | null>(null);

  if (!project) return <ContentSkeleton />;
  // While the figures load, everything that does not depend on them paints at once (heading,
  // quick actions, the cards' frames); the figures and the list are placeholders in the same
  // text lines, so nothing moves when they arrive.
  const pending = isLoading && !data;
  // A load failure is only logged; the page still shows with empty figures.
  const d = data ?? EMPTY;

  return (
    <Stack p={{ base: "4", md: "8" }} gap="8" w="full" maxW="6xl" mx="auto">
      <HStack justify="space-between" wrap="wrap" gap="4">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Welcome Back
          </Heading>
          <Text color="fg.muted">{project.name}</Text>
        </Stack>
        <Button asChild colorPalette="brand">
          <RouterLink to="/campaigns/new">
            <Plus size={16} aria-hidden /> Create New Campaign
          </RouterLink>
        </Button>
      </HStack>

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" as="nav" aria-label="Quick actions">
        {QUICK_ACTIONS.map((a) => (
          <Card.Root key={a.step} asChild variant="outline" _hover={{ borderColor: "brand.solid", shadow: "sm" }} transition="all 0.15s">
            <RouterLink to={a.to}>
              <Card.Body gap="2">
                <HStack gap="3">
                  <Circle size="9" bg="brand.subtle" color="brand.fg">
                    <a.icon size={18} aria-hidden />
                  </Circle>
                  <Heading as="h2" size="md">
                    {a.step}. {a.title}
                  </Heading>
                </HStack>
                <Text color="fg.muted" fontSize="sm">
                  {a.text}
                </Text>
              </Card.Body>
            </RouterLink>
          </Card.Root>
        ))}
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Stat label="Total Posts" value={d.total_posts} change={d.total_change} pending={pending} icon={<Send size={18} aria-hidden />} />
        <Stat label="Scheduled Posts" value={d.scheduled_posts} change={d.scheduled_change} pending={pending} icon={<CalendarDays size={18} aria-hidden />} />
        <Stat label="Connected Accounts" value={d.connected_accounts} change={d.connected_change} pending={pending} icon={<Users size={18} aria-hidden />} />
        {/* Issue 13: engagement gained in the last 7 days, change against the week before. */}
        <Stat label="Engagement (7 days)" value={d.engagement_week} change={d.engagement_change} pending={pending} icon={<Heart size={18} aria-hidden />} />
      </SimpleGrid>

      <Card.Root as="section" aria-labelledby="upcoming-heading">
        <Card.Header>
          <HStack justify="space-between">
            <Heading as="h2" size="lg" id="upcoming-heading">
              Upcoming Posts
            </Heading>
            <Link asChild color="brand.fg" fontSize="sm">
              <RouterLink to="/calendar">
                View Calendar <ArrowRight size={14} aria-hidden />
              </RouterLink>
            </Link>
          </HStack>
        </Card.Header>
        <Card.Body>
          {pending ? (
            <Stack gap="3" role="status" aria-busy="true" data-testid="upcoming-loading">
              <Box as="span" srOnly>
                Loading...
              </Box>
              <Bone h="20" />
              <Bone h="20" />
            </Stack>
          ) : d.upcoming.length === 0 ? (
            <Stack align="center" py="8" gap="1" textAlign="center">
              <Text fontWeight="semibold">No upcoming posts</Text>
              <Text color="fg.muted" fontSize="sm">
                Create a campaign to schedule some posts
              </Text>
            </Stack>
          ) : (
            <Stack as="ul" gap="3" p="0" m="0">
              {d.upcoming.map((p) => (
                <Box as="li" listStyleType="none" key={p.id} borderWidth="1px" borderRadius="md" p="3" data-testid="upcoming-post">
                  <Stack direction={{ base: "column", md: "row" }} justify="space-between" gap="3">
                    <Stack gap="1" minW="0" flex="1">
                      <HStack gap="2" wrap="wrap">
                        <PlatformIcon platform={p.platform} />
                        <Text fontSize="sm" fontWeight="semibold">
                          <time dateTime={p.scheduled_for}>
                            {formatDay(dateInZone(Date.parse(p.scheduled_for), timeZone), "short")} · {formatTime(p.scheduled_for, timeZone)}
                          </time>
                        </Text>
                        <Badge size="sm" colorPalette={STATUS_COLORS[p.status]}>
                          {p.status}
                        </Badge>
                      </HStack>
                      <Text fontSize="sm" lineClamp={2} wordBreak="break-word">
                        {p.content}
                      </Text>
                      {p.hashtags.length > 0 && (
                        <Text fontSize="xs" color="brand.fg" lineClamp={1}>
                          {formatHashtags(p.hashtags)}
                        </Text>
                      )}
                    </Stack>
                    <HStack gap="1" flexShrink={0} alignSelf={{ base: "end", md: "center" }}>
                      <Button size="xs" variant="outline" onClick={() => void actions.publish(p)} disabled={actions.busyId === p.id}>
                        <Send size={12} aria-hidden /> Publish now
                      </Button>
                      <Button size="xs" variant="ghost" onClick={() => setEditing(p)} disabled={actions.busyId === p.id}>
                        <Pencil size={12} aria-hidden /> Edit
                      </Button>
                      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => actions.askDelete(p)} disabled={actions.busyId === p.id}>
                        <Trash2 size={12} aria-hidden /> Delete
                      </Button>
                    </HStack>
                  </Stack>
                </Box>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>

      {actions.deleteConfirm}
      <EditPostDialog post={editing} onClose={() => setEditing(null)} onSave={(post, changes) => actions.update(post, changes)} />
    </Stack>
  );
}

const EMPTY = {
  total_posts: 0,
  total_change: "+0.0%",
  scheduled_posts: 0,
  scheduled_change: "+3.2%",
  connected_accounts: 0,
  connected_change: "-",
  engagement_week: 0,
  engagement_change: "-",
  upcoming: [] as Post[],
};

function Stat({ label, value, change, icon, pending }: { label: string; value: number; change: string; icon: ReactNode; pending: boolean }) {
  // Pending: a placeholder inside the same text lines, which keep their height.
  const placeholder = (w: string) => <Bone as="span" display="inline-block" verticalAlign="middle" h="0.8em" w={w} />;
  const tone = change.startsWith("+") ? "green.fg" : change.startsWith("-") && change.length > 1 ? "red.fg" : "fg.muted";
  return (
    <Card.Root role="group" aria-label={label}>
      <Card.Body gap="1">
        <HStack justify="space-between" color="fg.muted">
          <Text fontSize="sm">{label}</Text>
          {icon}
        </HStack>
        <Text fontSize="3xl" fontWeight="bold" data-testid={`stat-${label}`} aria-busy={pending}>
          {pending ? placeholder("12") : value}
        </Text>
        <Text fontSize="sm" color={pending ? "fg.muted" : tone}>
          {pending ? placeholder("16") : change}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
