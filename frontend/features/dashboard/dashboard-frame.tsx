// The dashboard's parts that are not user data (heading, quick actions, the figures' cards, the
// upcoming list's card), shared by the screen and by its frame: what /dashboard paints before the
// session, the project and the figures are known. The frame is built into dist/dashboard.html at
// build time (vite.config.ts, decision 167) inside the shell skeleton, so a phone paints the
// dashboard's largest text with the document; the app hydrates it, keeps it as the fallback of
// every step that loads (session, shell, screen) and the screen replaces it with the same layout,
// the figures filling in place. A small chunk: only Chakra layout, a few icons and links.
import { Box, Button, Card, Circle, Heading, HStack, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { ArrowRight, Brain, CalendarDays, Check, Heart, Plus, Send, Share2, Sparkles, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { connectableNames } from "../../../platforms/registry";
import type { DashboardResponse } from "../../../schema/api/campaigns";
import { Bone, ShellSkeleton } from "../../components/ui/shell-skeleton";

// The first-run checklist (decision 205): each step ticks from the project's real data (the
// dashboard's progress flags, the same the header's dots show).
const QUICK_ACTIONS = [
  { step: 1, key: "brain", title: "Feed Your Brain", text: "Upload brand documents so every post sounds like you.", to: "/brain", icon: Brain },
  { step: 2, key: "social", title: "Connect Social", text: `Link your ${connectableNames()} accounts to publish.`, to: "/social-connect", icon: Share2 },
  { step: 3, key: "posts", title: "Schedule Posts", text: "Turn one prompt into a whole schedule of posts.", to: "/campaigns/new", icon: Sparkles },
] as const;

export type ChecklistProgress = DashboardResponse["progress"];

/** A placeholder inside a text line (the line keeps its height). */
const placeholder = (w: string) => <Bone as="span" display="inline-block" verticalAlign="middle" h="0.8em" w={w} />;

export function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <Stack p={{ base: "4", md: "8" }} gap="8" w="full" maxW="6xl" mx="auto">
      {children}
    </Stack>
  );
}

/** "Welcome Back", the project's name (a placeholder until known) and the campaign button. */
export function DashboardHeading({ projectName }: { projectName: string | null }) {
  return (
    <HStack justify="space-between" wrap="wrap" gap="4">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Welcome Back
        </Heading>
        <Text color="fg.muted">{projectName ?? placeholder("32")}</Text>
      </Stack>
      <Button asChild colorPalette="brand">
        <RouterLink to="/campaigns/new">
          <Plus size={16} aria-hidden /> Create New Campaign
        </RouterLink>
      </Button>
    </HStack>
  );
}

/**
 * The getting-started checklist. `progress` is null until the data is known (the pre-rendered
 * frame): then nothing is ticked and no count is shown. Once every step is done it can be
 * dismissed (`onDismiss`).
 */
export function QuickActions({ progress = null, onDismiss }: { progress?: ChecklistProgress | null; onDismiss?: () => void }) {
  const done = progress ? QUICK_ACTIONS.filter((a) => progress[a.key]).length : null;
  return (
    <Stack gap="3" as="section" aria-label="Getting started">
      <HStack justify="space-between" minH="8">
        <Text fontWeight="semibold" color="fg.muted" fontSize="sm" data-testid="checklist-count">
          {done === null ? "Getting started" : `Getting started: ${done} of ${QUICK_ACTIONS.length} done`}
        </Text>
        {done === QUICK_ACTIONS.length && onDismiss && (
          <Button size="xs" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" as="nav" aria-label="Quick actions">
        {QUICK_ACTIONS.map((a) => {
          const complete = !!progress?.[a.key];
          return (
            <Card.Root
              key={a.step}
              asChild
              variant="outline"
              _hover={{ borderColor: "brand.solid", shadow: "sm" }}
              transition="all 0.15s"
              data-complete={complete}
            >
              <RouterLink to={a.to}>
                <Card.Body gap="2">
                  <HStack gap="3">
                    <Circle size="9" bg={complete ? "green.solid" : "brand.subtle"} color={complete ? "white" : "brand.fg"}>
                      {complete ? <Check size={18} aria-hidden /> : <a.icon size={18} aria-hidden />}
                    </Circle>
                    <Heading as="h2" size="md">
                      {a.step}. {a.title}
                      {complete && (
                        <Box as="span" srOnly>
                          {" "}
                          (done)
                        </Box>
                      )}
                    </Heading>
                  </HStack>
                  <Text color="fg.muted" fontSize="sm">
                    {a.text}
                  </Text>
                </Card.Body>
              </RouterLink>
            </Card.Root>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

export type DashboardFigures = Pick<
  DashboardResponse,
  "total_posts" | "total_change" | "scheduled_posts" | "connected_accounts" | "engagement_week" | "engagement_change" | "trend_days"
>;

/**
 * The four figures; `null` while they load (placeholders in the same text lines). Every figure
 * comes from the response: a trend shows only when the server computed one against a previous
 * period with data, with that period stated; otherwise the line stays empty (decision 205).
 */
export function DashboardStats({ figures, failed = false }: { figures: DashboardFigures | null; failed?: boolean }) {
  const f = figures;
  const trend = (change: string | null | undefined) => (f ? (change ? `${change} vs previous ${f.trend_days} days` : null) : undefined);
  const none = f || failed ? null : undefined;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" aria-label="Figures" as="section">
      <Stat label="Total Posts" value={f?.total_posts} failed={failed} trend={trend(f?.total_change) ?? none} icon={<Send size={18} aria-hidden />} />
      <Stat label="Scheduled Posts" value={f?.scheduled_posts} failed={failed} trend={none} icon={<CalendarDays size={18} aria-hidden />} />
      <Stat label="Connected Accounts" value={f?.connected_accounts} failed={failed} trend={none} icon={<Users size={18} aria-hidden />} />
      {/* Decision 150: engagement gained in the last 7 days, change against the week before. */}
      <Stat
        label="Engagement (7 days)"
        value={f?.engagement_week}
        failed={failed}
        trend={trend(f?.engagement_change) ?? none}
        icon={<Heart size={18} aria-hidden />}
      />
    </SimpleGrid>
  );
}

/**
 * `trend`: undefined while loading, null when there is none to show. `failed`: the figures could
 * not be read; a dash says "unknown" where a 0 would claim the project has nothing.
 */
function Stat({
  label,
  value,
  trend,
  icon,
  failed,
}: {
  label: string;
  value: number | undefined;
  trend: string | null | undefined;
  icon: ReactNode;
  failed: boolean;
}) {
  const pending = !failed && (value === undefined || trend === undefined);
  const tone = !trend ? "fg.muted" : trend.startsWith("+") ? "green.fg" : trend.startsWith("-") ? "red.fg" : "fg.muted";
  return (
    <Card.Root role="group" aria-label={label}>
      <Card.Body gap="1">
        <HStack justify="space-between" color="fg.muted">
          <Text fontSize="sm">{label}</Text>
          {icon}
        </HStack>
        <Text fontSize="3xl" fontWeight="bold" data-testid={`stat-${label}`} aria-busy={pending}>
          {pending ? placeholder("12") : failed ? "–" : value}
        </Text>
        {/* The line keeps its height with no trend, so the cards do not change size. */}
        <Text fontSize="sm" color={tone} minH="1lh" data-testid={`trend-${label}`}>
          {pending ? placeholder("16") : trend}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** The upcoming posts' card around `children` (the list, its empty state or its placeholders). */
export function UpcomingCard({ children }: { children: ReactNode }) {
  return (
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
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

export function UpcomingLoading() {
  return (
    <Stack gap="3" role="status" aria-busy="true" data-testid="upcoming-loading">
      <Box as="span" srOnly>
        Loading...
      </Box>
      <Bone h="20" />
      <Bone h="20" />
    </Stack>
  );
}

/** The dashboard's content before its project and figures are known. */
export function DashboardContentFrame({ projectName = null }: { projectName?: string | null }) {
  return (
    <DashboardLayout>
      <DashboardHeading projectName={projectName} />
      <DashboardStats figures={null} />
      <QuickActions />
      <UpcomingCard>
        <UpcomingLoading />
      </UpcomingCard>
    </DashboardLayout>
  );
}

/** The whole /dashboard before the session is known: the shell skeleton around the content frame. */
export default function DashboardFrame() {
  return (
    <ShellSkeleton>
      <DashboardContentFrame />
    </ShellSkeleton>
  );
}
