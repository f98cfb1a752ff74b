import { Box, Button, Grid, Heading, HStack, IconButton, Input, InputGroup, NativeSelect, Spinner, Stack, Text, Field } from "@chakra-ui/react";
import { CheckSquare, ChevronLeft, ChevronRight, Download, Filter, Search, Share2, Upload } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from "react";
import useSWR from "swr";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import NotFoundPage from "../../components/ui/not-found-page";
import { PLATFORMS, type Platform } from "../../../schema/api/common";
import type { Post, PostStatus } from "../../../schema/api/posts";
import { can } from "../../../schema/api/permissions";
import { browserTimeZone } from "../../../schema/api/campaigns";
import { LoadingScreen } from "../../components/ui/loading-screen";
import { notify } from "../../components/ui/toaster";
import { useAuth } from "../../lib/auth-context";
import type { CalendarPost } from "../../../schema/api/calendar";
import { calendarFetcher, postPath } from "../../lib/api/calendar";
import { fetcher } from "../../lib/api";
import type { CommentCounts } from "../../../schema/api/team";
import {
  formatDay,
  formatMonth,
  formatRangeTitle,
  localDateOf,
  rescheduledInstant,
  shiftAnchor,
  todayDate,
  visibleRange,
  type CalendarView,
} from "../../lib/calendar-dates";
import { PLATFORM_LABELS } from "../../components/posts/platform-icon";
import { cardAllows, DRAG_TYPE, type PostCardActions } from "../../components/posts/post-card";
import { PostDetailDialog } from "./post-detail-dialog";
import { groupByMessage, messageVariants } from "./message-variant-tabs";
import { CalendarEntry } from "./message-card";
import { EditPostDialog } from "../../components/posts/edit-post-dialog";
import { usePostActions } from "../../components/posts/use-post-actions";
import ImageUploadDialog from "../../components/posts/image-upload-dialog";
import { useIsNarrow } from "./use-is-narrow";
import { MonthView } from "./month-view";
import { ListView } from "./list-view";
import { DayView } from "./day-view";
import { NarrowViewSwitch, type NarrowView } from "./narrow-view-switch";
import { ShareReviewDialog } from "../../components/posts/share-review-dialog";
import { BulkBar, SelectEntry, useSelection } from "./bulk-actions";
import { draftDropTime, UnscheduledTray, useDrafts, useSlots } from "./unscheduled-tray";
import { CsvImportDialog } from "./csv-import-dialog";
import { CsvExportDialog } from "./csv-export-dialog";
import { useSeriesEdit } from "./series-scope-dialog";
import { localDateTimeToUtc } from "../../../schema/api/campaign-schedule";
import { OptionSelect } from "../../components/ui/option-select";

const PLATFORM_FILTER_OPTIONS = [{ value: "all", label: "All platforms" }, ...PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))];

type StatusFilter = "all" | Extract<PostStatus, "scheduled" | "in_review" | "published" | "failed">;
type PlatformFilter = "all" | Platform;

function matchesFilters(post: CalendarPost, q: string, platform: PlatformFilter, status: StatusFilter): boolean {
  if (platform !== "all" && post.platform !== platform) return false;
  if (status !== "all" && post.status !== status) return false;
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return post.content.toLowerCase().includes(needle) || post.hashtags.some((h) => h.toLowerCase().includes(needle.replace(/^#/, "")));
}

/**
 * A link to a post (`/calendar?post=<id>`, as mention mails send): the post opens on its day. A
 * post of another of the member's projects switches to that project first; a post the user cannot
 * see (not a member, or gone) answers the not-found page, as the API's 404 does.
 */
function useLinkedPost(onOpen: (post: Post) => void) {
  const { project, projects, switchProject, reloadProjects } = useAuth();
  const [params, setParams] = useSearchParams();
  const linked = params.get("post");
  const { data, error } = useSWR<Post>(linked ? postPath(linked) : null, fetcher, { shouldRetryOnError: false, revalidateOnFocus: false });
  const reloaded = useRef(false);
  useEffect(() => {
    if (!data || !project || data.id !== linked) return;
    if (data.project_id !== project.id) {
      if (projects.some((p) => p.id === data.project_id)) switchProject(data.project_id);
      // Just invited: the switcher's list may not have the project yet.
      else if (!reloaded.current) {
        reloaded.current = true;
        void reloadProjects();
      }
      return;
    }
    onOpen(data);
    setParams(
      (p) => {
        p.delete("post");
        return p;
      },
      { replace: true },
    );
  }, [data, linked, project, projects, switchProject, reloadProjects, onOpen, setParams]);
  return { missing: !!linked && !!error };
}

export default function CalendarPage() {
  const { project } = useAuth();
  const timeZone = useMemo(browserTimeZone, []);
  const narrow = useIsNarrow();
  const [chosenView, setChosenView] = useState<CalendarView>("week");
  const [narrowView, setNarrowView] = useState<NarrowView>("day");
  // Below 768 px the day view is forced, with the list view beside it (decision 240).
  const view: CalendarView = narrow ? narrowView : chosenView;
  const [anchor, setAnchor] = useState(() => todayDate(timeZone));
  const [q, setQ] = useState("");
  const [showFilters, setShowFilters] = useState(false);
  const [platform, setPlatform] = useState<PlatformFilter>("all");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [detail, setDetail] = useState<{ post: CalendarPost; edit: boolean } | null>(null);
  const openLinked = useCallback(
    (post: Post) => {
      setAnchor(localDateOf(post.scheduled_for, timeZone));
      setDetail({ post, edit: false });
    },
    [timeZone],
  );
  const linked = useLinkedPost(openLinked);
  const [quickEdit, setQuickEdit] = useState<CalendarPost | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [imageFor, setImageFor] = useState<CalendarPost | null>(null);
  // Planner tools (decision 150): selection for bulk actions, drafts tray, CSV in and out.
  const [selecting, setSelecting] = useState(false);
  const selection = useSelection();
  const [csv, setCsv] = useState<"import" | "export" | null>(null);
  const [sharing, setSharing] = useState(false);
  const drafts = useDrafts(project?.id);
  const slots = useSlots(project?.id);

  const range = visibleRange(view, anchor, timeZone);
  // Only the visible range's rows are read (the server walks the (project, scheduled_for) index),
  // in the calendar's lighter shape (decision 171; the detail dialog fetches the full post).
  const key = project
    ? `/api/projects/${encodeURIComponent(project.id)}/calendar?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`
    : null;
  const { data, error, isLoading, mutate } = useSWR<CalendarPost[]>(key, calendarFetcher, {
    keepPreviousData: true,
    shouldRetryOnError: false,
    onError: () => notify.error("Failed to load posts"),
    // While a post is being published, look again every 2 s: its card turns published (or
    // failed, with the reason) without a reload.
    refreshInterval: (latest) => (latest?.some((p) => p.status === "publishing") ? 2000 : 0),
  });
  // Comment counts for the cards, read beside the calendar's rows (the calendar's own shape stays
  // as decision 171 made it).
  const countsKey = project
    ? `/api/projects/${encodeURIComponent(project.id)}/comment-counts?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`
    : null;
  const { data: counts, mutate: mutateCounts } = useSWR<CommentCounts>(countsKey, fetcher, { keepPreviousData: true, shouldRetryOnError: false });
  const mutateDrafts = drafts.mutate;
  const refresh = useCallback(() => {
    void mutate();
    void mutateDrafts();
    void mutateCounts();
  }, [mutate, mutateDrafts, mutateCounts]);
  const actions = usePostActions(refresh);
  const seriesEdit = useSeriesEdit(timeZone, actions.update, refresh);

  // Drafts live in the Unscheduled tray, not on a day.
  const visible = useMemo(() => (data ?? []).filter((p) => p.status !== "draft" && matchesFilters(p, q, platform, status)), [data, q, platform, status]);
  // Each day's entries: a post alone, or a message's variants as one entry (decision 278).
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarPost[]>();
    for (const p of visible) {
      const d = localDateOf(p.scheduled_for, timeZone);
      map.set(d, [...(map.get(d) ?? []), p]);
    }
    return new Map([...map].map(([day, posts]) => [day, groupByMessage(posts)]));
  }, [visible, timeZone]);

  if (linked.missing) return <NotFoundPage />;
  if (!project) return <LoadingScreen />;
  const mayEdit = can(project.role, "edit");

  const cardActions: PostCardActions = {
    onOpen: (post) => setDetail({ post, edit: false }),
    onEdit: (post) => setQuickEdit(post),
    onPublish: (post) => void actions.publish(post),
    onDelete: (post) => actions.askDelete(post),
    onRetry: (post) => void actions.retry(post),
    onAddImage: (post) => setImageFor(post),
    role: project.role,
    commentCounts: counts?.counts,
  };

  const onDrop = async (e: DragEvent, day: string, hour?: number) => {
    e.preventDefault();
    setDropTarget(null);
    // One id, or a message's variants' ids (comma-separated): a message moves as one.
    const ids = (e.dataTransfer.getData(DRAG_TYPE) || e.dataTransfer.getData("text/plain")).split(",");
    const id = ids[0];
    const draft = ids.length === 1 ? drafts.data?.find((p) => p.id === id) : undefined;
    if (draft) {
      // A draft gets its network's first slot on that weekday, or 09:00.
      const at = localDateTimeToUtc(day, draftDropTime(slots.data, draft, day), timeZone);
      if (at !== null) await actions.reschedule(draft, new Date(at).toISOString());
      return;
    }
    const posts = ids.map((i) => data?.find((p) => p.id === i));
    const movable = (p: CalendarPost | undefined): p is CalendarPost =>
      !!p && (p.status === "scheduled" || p.status === "in_review") && cardAllows(project.role, "reschedule", p.status);
    if (posts.length === 0 || !posts.every(movable)) return;
    const post = posts[0]!;
    const next = rescheduledInstant(post.scheduled_for, day, timeZone, hour);
    if (next === post.scheduled_for) return;
    // Optimistic move; the list is revalidated either way.
    const moved = new Set(ids);
    void mutate((list) => list?.map((p) => (moved.has(p.id) ? { ...p, scheduled_for: next } : p)), { revalidate: false });
    if (posts.length === 1) await actions.reschedule(post, next);
    else await actions.rescheduleMessage(posts, next);
  };

  const dropProps = (id: string, day: string, hour?: number) => ({
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
      if (dropTarget !== id) setDropTarget(id);
    },
    onDragLeave: () => setDropTarget((t) => (t === id ? null : t)),
    onDrop: (e: DragEvent) => void onDrop(e, day, hour),
    "data-drop-active": dropTarget === id ? "" : undefined,
    bg: dropTarget === id ? "brand.subtle" : undefined,
  });

  const today = todayDate(timeZone);
  const unit = view === "week" ? "week" : view === "day" ? "day" : "month";
  const monthOf = anchor.slice(0, 7);
  const withSelect = (posts: CalendarPost[], node: ReactNode) =>
    selecting ? (
      <HStack key={posts[0]!.id} align="start" gap="1">
        <SelectEntry posts={posts} selection={selection} marginTop={8} />
        <Box flex="1" minW="0">
          {node}
        </Box>
      </HStack>
    ) : (
      node
    );

  return (
    <Stack p={{ base: "4", md: "8" }} gap="5" w="full">
      <Stack gap="4">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            Content Calendar
          </Heading>
          {narrow && <NarrowViewSwitch view={narrowView} onChange={setNarrowView} />}
          {!narrow && (
            <HStack gap="1" role="group" aria-label="Calendar view">
              <Button
                size="sm"
                variant={view === "day" ? "solid" : "outline"}
                colorPalette="brand"
                onClick={() => setChosenView("day")}
                aria-pressed={view === "day"}
              >
                Day View
              </Button>
              <Button
                size="sm"
                variant={view === "week" ? "solid" : "outline"}
                colorPalette="brand"
                onClick={() => setChosenView("week")}
                aria-pressed={view === "week"}
              >
                Week View
              </Button>
              <Button
                size="sm"
                variant={view === "month" ? "solid" : "outline"}
                colorPalette="brand"
                onClick={() => setChosenView("month")}
                aria-pressed={view === "month"}
              >
                Month View
              </Button>
              <Button
                size="sm"
                variant={view === "list" ? "solid" : "outline"}
                colorPalette="brand"
                onClick={() => setChosenView("list")}
                aria-pressed={view === "list"}
              >
                List View
              </Button>
            </HStack>
          )}
        </HStack>

        <HStack gap="2" wrap="wrap">
          <InputGroup flex="1" minW="200px" startElement={<Search size={16} aria-hidden />}>
            <Input placeholder="Search posts..." aria-label="Search posts" value={q} onChange={(e) => setQ(e.target.value)} bg="bg" />
          </InputGroup>
          <Button
            variant={showFilters ? "subtle" : "outline"}
            onClick={() => setShowFilters((s) => !s)}
            aria-expanded={showFilters}
            aria-controls="calendar-filters"
          >
            <Filter size={16} aria-hidden /> Filters
          </Button>
          {/* Bulk changes and imports are edits: a Reviewer reads and comments only (decision 200). */}
          {mayEdit && (
            <Button
              variant={selecting ? "subtle" : "outline"}
              onClick={() => {
                setSelecting((s) => !s);
                selection.clear();
              }}
              aria-pressed={selecting}
            >
              <CheckSquare size={16} aria-hidden /> Select
            </Button>
          )}
          {mayEdit && (
            <Button variant="outline" onClick={() => setCsv("import")}>
              <Upload size={16} aria-hidden /> Import CSV
            </Button>
          )}
          <Button variant="outline" onClick={() => setCsv("export")}>
            <Download size={16} aria-hidden /> Export CSV
          </Button>
          {/* Review links (decision 265): selected posts when selecting, else the visible dates. */}
          {can(project.role, "share") && (
            <Button variant="outline" onClick={() => setSharing(true)}>
              <Share2 size={16} aria-hidden /> {selecting && selection.selected.size > 0 ? `Share ${selection.selected.size} for review` : "Share for review"}
            </Button>
          )}
          <Button asChild variant="ghost">
            <RouterLink to="/settings/schedule">Posting schedule</RouterLink>
          </Button>
        </HStack>
        {selecting && mayEdit && <BulkBar projectId={project.id} timeZone={timeZone} selection={selection} onDone={refresh} />}
        {showFilters && (
          <HStack id="calendar-filters" gap="3" wrap="wrap" align="end">
            <Field.Root w={{ base: "full", sm: "200px" }}>
              <Field.Label>Platform</Field.Label>
              <OptionSelect options={PLATFORM_FILTER_OPTIONS} value={platform} onChange={(e) => setPlatform(e.target.value as PlatformFilter)} bg="bg" />
            </Field.Root>
            <Field.Root w={{ base: "full", sm: "200px" }}>
              <Field.Label>Status</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} bg="bg">
                  <option value="all">All statuses</option>
                  <option value="scheduled">Scheduled</option>
                  <option value="in_review">In review</option>
                  <option value="published">Published</option>
                  <option value="failed">Failed</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </HStack>
        )}

        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="1">
            <IconButton variant="outline" size="sm" aria-label={`Previous ${unit}`} onClick={() => setAnchor((a) => shiftAnchor(a, view, -1))}>
              <ChevronLeft />
            </IconButton>
            <Button variant="outline" size="sm" onClick={() => setAnchor(todayDate(timeZone))}>
              Today
            </Button>
            <IconButton variant="outline" size="sm" aria-label={`Next ${unit}`} onClick={() => setAnchor((a) => shiftAnchor(a, view, 1))}>
              <ChevronRight />
            </IconButton>
          </HStack>
          <HStack gap="2">
            {isLoading && <Spinner size="sm" aria-label="Loading posts" />}
            <Text fontWeight="semibold" aria-live="polite" data-testid="range-title">
              {view === "month" || view === "list" ? formatMonth(anchor) : formatRangeTitle(range.days)}
            </Text>
          </HStack>
        </HStack>
      </Stack>

      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 1fr) 220px" }} gap="4" alignItems="start">
        <Box minW="0">
          {error && !data ? (
            <Text color="red.fg">Failed to load posts</Text>
          ) : view === "week" ? (
            <Box overflowX="auto">
              <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap="1.5" minW="640px" role="list" aria-label="Week">
                {range.days.map((day) => {
                  const posts = byDay.get(day) ?? [];
                  const isToday = day === today;
                  return (
                    <Stack
                      key={day}
                      role="listitem"
                      aria-label={formatDay(day, "long")}
                      data-testid="week-column"
                      data-date={day}
                      gap="2"
                      p="1.5"
                      minW="0"
                      minH="48"
                      borderWidth="1px"
                      borderRadius="md"
                      borderColor={isToday ? "brand.solid" : "border"}
                      {...dropProps(`day:${day}`, day)}
                      bg={dropTarget === `day:${day}` ? "brand.subtle" : "bg.subtle"}
                    >
                      <Stack gap="0" align="center">
                        <Text fontSize="xs" color="fg.muted" textTransform="uppercase">
                          {formatDay(day, "weekday")}
                        </Text>
                        <Text fontWeight="semibold" color={isToday ? "brand.fg" : undefined}>
                          {formatDay(day, "short")}
                        </Text>
                      </Stack>
                      {posts.length === 0 ? (
                        <Text fontSize="xs" color="fg.subtle" textAlign="center" mt="4">
                          No posts
                        </Text>
                      ) : (
                        posts.map((entry) =>
                          withSelect(
                            entry,
                            <CalendarEntry key={entry[0]!.id} posts={entry} timeZone={timeZone} actions={cardActions} busyId={actions.busyId} />,
                          ),
                        )
                      )}
                    </Stack>
                  );
                })}
              </Grid>
            </Box>
          ) : view === "month" ? (
            <MonthView
              days={range.days}
              month={monthOf}
              today={today}
              byDay={byDay}
              timeZone={timeZone}
              dropProps={dropProps}
              onOpen={cardActions.onOpen}
              onShowDay={(day) => {
                setAnchor(day);
                setChosenView("day");
              }}
              selection={selecting ? selection : null}
            />
          ) : view === "list" ? (
            <ListView
              days={range.days}
              byDay={byDay}
              timeZone={timeZone}
              actions={cardActions}
              busyId={actions.busyId}
              dropProps={dropProps}
              selection={selecting ? selection : null}
            />
          ) : (
            <DayView
              day={range.days[0]}
              entries={byDay.get(range.days[0]) ?? []}
              timeZone={timeZone}
              cardActions={cardActions}
              busyId={actions.busyId}
              dropProps={dropProps}
            />
          )}
        </Box>
        <UnscheduledTray drafts={drafts.data} timeZone={timeZone} onOpen={cardActions.onOpen} selection={selecting ? selection : null} />
      </Grid>
      {csv === "import" && <CsvImportDialog open projectId={project.id} timeZone={timeZone} onClose={() => setCsv(null)} onImported={refresh} />}
      {csv === "export" && (
        <CsvExportDialog
          open
          projectId={project.id}
          timeZone={timeZone}
          initialFrom={range.days[0]}
          initialTo={range.days[range.days.length - 1]}
          onClose={() => setCsv(null)}
        />
      )}
      {sharing && (
        <ShareReviewDialog
          projectId={project.id}
          timeZone={timeZone}
          postIds={selecting ? [...selection.selected] : []}
          initialFrom={range.days[0]}
          initialTo={range.days[range.days.length - 1]}
          platforms={[...PLATFORMS]}
          onClose={() => setSharing(false)}
        />
      )}
      {seriesEdit.dialog}

      <ImageUploadDialog
        open={!!imageFor}
        onOpenChange={(open) => !open && setImageFor(null)}
        postId={imageFor?.id}
        onComplete={() => {
          setImageFor(null);
          refresh();
        }}
      />
      {actions.deleteConfirm}
      <EditPostDialog post={quickEdit} timeZone={timeZone} onClose={() => setQuickEdit(null)} onSave={(post, changes) => seriesEdit.save(post, changes)} />
      <PostDetailDialog
        post={detail?.post ?? null}
        startInEdit={detail?.edit}
        timeZone={timeZone}
        onClose={() => {
          setDetail(null);
          // A comment written in the dialog shows in the card's count.
          void mutateCounts();
        }}
        onSave={(post, changes) => seriesEdit.save(post, changes)}
        projectId={project.id}
        role={project.role}
        onChanged={refresh}
        variants={messageVariants(detail?.post ?? null, data)}
        onSelectVariant={(p) => setDetail({ post: p, edit: detail?.edit ?? false })}
      />
    </Stack>
  );
}
