import { Badge, Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Pencil, Send, Trash2 } from "lucide-react";
import { lazy, Suspense, useCallback, useState } from "react";
import type { Post } from "../../../schema/api/posts";
import { dateInZone } from "../../../schema/api/campaign-schedule";
import { useAuth } from "../../lib/auth-context";
import { formatDay, formatTime } from "../../lib/calendar-dates";
import { PlatformIcon } from "../../components/posts/platform-icon";
import { formatHashtags } from "../../lib/api/calendar";
import { cardAllows, STATUS_COLORS } from "../../components/posts/post-card";
import { usePostActions } from "../../components/posts/use-post-actions";
import { DashboardContentFrame, DashboardHeading, DashboardLayout, DashboardStats, QuickActions, UpcomingCard, UpcomingLoading } from "./dashboard-frame";
import { dashboardTimeZone, useDashboard } from "./use-dashboard";
import { ReconnectNotices } from "../../components/social/reconnect-notices";

// The edit dialog (with the post schemas it validates against) loads when it is first wanted, not
// with the screen: its code is not needed to paint the dashboard, and evaluating it at start-up
// was part of a long task on a phone (decision 168). Pointing at or focusing an Edit button
// starts the download, so the dialog is usually there by the click.
const loadEditDialog = () => import("../../components/posts/edit-post-dialog");
const EditPostDialog = lazy(() => loadEditDialog().then((m) => ({ default: m.EditPostDialog })));
const preloadEditDialog = () => void loadEditDialog();

export default function DashboardPage() {
  const { project } = useAuth();
  const { data, error, isLoading, mutate } = useDashboard(project?.id);
  const refresh = useCallback(() => void mutate(), [mutate]);
  const actions = usePostActions(refresh);
  const [editing, setEditing] = useState<Post | null>(null);
  const [dismissed, setDismissed] = useState(() => (project ? checklistDismissed(project.id) : false));

  // The same frame as before the session was known (dashboard-frame.tsx): nothing moves.
  if (!project) return <DashboardContentFrame />;
  // While the figures load, everything that does not depend on them paints at once (heading,
  // quick actions, the cards' frames); the figures and the list are placeholders in the same
  // text lines, so nothing moves when they arrive.
  const pending = isLoading && !data;
  // A load failure is only logged; the page still shows, its figures marked unknown (never a 0
  // that was not read from the data).
  const failed = !data && !!error;
  const d = data ?? EMPTY;
  const timeZone = d.upcoming.length > 0 ? dashboardTimeZone() : "UTC";

  return (
    <DashboardLayout>
      <DashboardHeading projectName={project.name} />
      {/* Accounts whose access ends within a week and cannot be renewed (decision 196). */}
      <ReconnectNotices projectId={project.id} />
      {/* The user's own figures first (on a phone they were below the fold, decision 205). */}
      <DashboardStats figures={pending ? null : (data ?? null)} failed={failed} />
      {!(dismissed && data && allDone(data.progress)) && (
        <QuickActions
          progress={data?.progress ?? null}
          onDismiss={() => {
            dismissChecklist(project.id);
            setDismissed(true);
          }}
        />
      )}

      <UpcomingCard>
        {pending ? (
          <UpcomingLoading />
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
                    {/* What the member's role may do on this post (schema/api/post-status.ts). */}
                    {cardAllows(project.role, "publish_now", p.status) && (
                      <Button size="xs" variant="outline" onClick={() => void actions.publish(p)} disabled={actions.busyId === p.id}>
                        <Send size={12} aria-hidden /> Publish now
                      </Button>
                    )}
                    {cardAllows(project.role, "edit", p.status) && (
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => setEditing(p)}
                        onPointerEnter={preloadEditDialog}
                        onFocus={preloadEditDialog}
                        disabled={actions.busyId === p.id}
                      >
                        <Pencil size={12} aria-hidden /> Edit
                      </Button>
                    )}
                    {cardAllows(project.role, "delete", p.status) && (
                      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => actions.askDelete(p)} disabled={actions.busyId === p.id}>
                        <Trash2 size={12} aria-hidden /> Delete
                      </Button>
                    )}
                  </HStack>
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </UpcomingCard>

      {actions.deleteConfirm}
      {editing && (
        <Suspense fallback={null}>
          <EditPostDialog
            post={editing}
            timeZone={dashboardTimeZone()}
            onClose={() => setEditing(null)}
            onSave={(post, changes) => actions.update(post, changes)}
          />
        </Suspense>
      )}
    </DashboardLayout>
  );
}

// The checklist, once every step is done, can be put away for this project on this browser.
const dismissKey = (projectId: string) => `brandpilot:checklist-dismissed:${projectId}`;
function checklistDismissed(projectId: string): boolean {
  try {
    return localStorage.getItem(dismissKey(projectId)) === "1";
  } catch {
    return false;
  }
}
function dismissChecklist(projectId: string) {
  try {
    localStorage.setItem(dismissKey(projectId), "1");
  } catch {
    // Storage refused (private mode): dismissed for this visit only.
  }
}
const allDone = (p: { brain: boolean; social: boolean; posts: boolean }) => p.brain && p.social && p.posts;

// Only the (empty) list is read from this after a failed load; the figures show as unknown.
const EMPTY = { upcoming: [] as Post[] };
