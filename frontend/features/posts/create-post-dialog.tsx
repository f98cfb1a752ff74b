import { Box, Button, Field, HStack, Input, SimpleGrid, Stack, Tabs, Text, Textarea } from "@chakra-ui/react";
import { AppDialog } from "../../components/ui/app-dialog";
import { zodResolver } from "@hookform/resolvers/zod";
import { ImagePlus, Sparkles } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import useSWR, { useSWRConfig } from "swr";
import { z } from "zod";
import { networkName, PLATFORM_IDS, PLATFORM_METAS, type PlatformId } from "../../../platforms/registry";
import { checkPostRules, imageNote } from "../../../platforms/validation";
import type { MediaInfo } from "../../../schema/api/posts";
import type { SocialAccount } from "../../../schema/api/social";
import { useAuth } from "../../lib/auth-context";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError, fetcher } from "../../lib/api";
import { createPost, generateSocialPost, waitForPublish } from "../../lib/api/posts";
import ImageUploadDialog from "../../components/posts/image-upload-dialog";
import { AttachedImage } from "../../components/posts/attached-image";
import { createSeries, queuePost, type RepeatValue } from "../../lib/api/planner";
import { RepeatFields } from "../../components/planner/repeat-fields";
import { PostSources } from "../../components/posts/post-sources";
import type { PostSource } from "../../../schema/api/post-sources";
import { PostPreviewCard } from "./post-preview-card";
import { PostRulesHint } from "./post-rules-hint";
import { ClaimCheck } from "../../components/posts/claim-check";
import { PostHelpers } from "../../components/posts/post-helpers";
import { NetworkPicker, NetworkTabs, variantTexts, type VariantText } from "./network-variants";
import { GenerationNotice, generationGaps, type GenerationGaps } from "../../components/posts/generation-notice";

type Mode = "now" | "schedule";
export type CreatePostDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; defaultMode?: Mode };

/** The networks a post can be published to (platforms/registry.ts). */
const PLATFORM_OPTIONS = PLATFORM_METAS.filter((m) => m.connect !== "placeholder").map((m) => ({ value: m.id, label: networkName(m.id) }));

const formSchema = z.object({
  content: z.string().max(5000, "Content is too long"),
  hashtags: z.string().max(2000),
  platform: z.enum(PLATFORM_IDS),
  date: z.string(),
  time: z.string(),
});
type FormValues = z.infer<typeof formSchema>;

const pad = (n: number) => String(n).padStart(2, "0");
const SENT_FOR_REVIEW = "Post sent for review: it publishes once an Owner or a Reviewer approves it";
/** Today's date in the user's own time zone, as the date input wants it. */
export const localDate = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localTime = (d = new Date()) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** "#coffee  launch #new" -> ["coffee", "launch", "new"] */
export function parseHashtags(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((t) => t.replace(/^#+/, "").trim())
    .filter(Boolean);
}

/** The next full hour of the local clock (14:20 -> 15:00, 23:40 -> tomorrow 00:00), so a schedule never defaults to a time already past (docs/decisions/268-first-hour-defaults-previews.md). */
function nextFullHour(now = new Date()): Date {
  const d = new Date(now);
  d.setMinutes(60, 0, 0);
  return d;
}

function defaults(): FormValues {
  const at = nextFullHour();
  return { content: "", hashtags: "", platform: PLATFORM_OPTIONS[0]!.value, date: localDate(at), time: localTime(at) };
}

export default function CreatePostDialog({ open, onOpenChange, defaultMode = "now" }: CreatePostDialogProps) {
  const { project } = useAuth();
  const { mutate } = useSWRConfig();
  const [mode, setMode] = useState<Mode>(defaultMode);
  const [busy, setBusy] = useState(false);
  const [media, setMedia] = useState<MediaInfo | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);
  const [prompt, setPrompt] = useState("");
  const [generating, setGenerating] = useState(false);
  // Decision 150: "Add to queue" (next free posting-schedule slot) and recurring posts.
  const [repeat, setRepeat] = useState<RepeatValue | null>(null);
  const [queueing, setQueueing] = useState(false);
  const [sources, setSources] = useState<PostSource[]>([]);
  const [gaps, setGaps] = useState<GenerationGaps | null>(null);
  // The local engine's drafts are its brain's own sentences, said so on screen (not an LLM's).
  const [localDraft, setLocalDraft] = useState(false);
  // Write once, one post per network (decision 260): the networks ticked, the message's text
  // (the first network's) while another tab is open, and the variants adjusted for one network.
  const [networks, setNetworks] = useState<PlatformId[]>([PLATFORM_OPTIONS[0]!.value]);
  const [shared, setShared] = useState<VariantText>({ content: "", hashtags: "" });
  const [adjusted, setAdjusted] = useState<Partial<Record<PlatformId, VariantText>>>({});

  const { register, control, reset, setValue, getValues, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(),
  });
  const [content, hashtagText, platform, date] = useWatch({ control, name: ["content", "hashtags", "platform", "date"] });
  const hashtags = useMemo(() => parseHashtags(hashtagText ?? ""), [hashtagText]);
  const { data: accounts } = useSWR<SocialAccount[]>(open && project ? `/api/projects/${project.id}/social-accounts` : null, fetcher);
  const account = accounts?.find((a) => a.platform === platform);
  // The network's rules, live: length as it counts it (against the account's own limit where it
  // has one: a server's own), image required, type and size.
  const maxLength = account?.max_length ?? null;
  const issues = useMemo(
    () =>
      checkPostRules({
        platform,
        content: (content ?? "").trim(),
        hashtags,
        image: media ? { type: media.file_type, size: media.file_size } : null,
        maxLength,
      }),
    [platform, content, hashtags, media, maxLength],
  );
  const contentIssue = issues.find((i) => i.field === "content");
  const mediaIssue = issues.find((i) => i.field === "media_info");
  const texts = variantTexts(networks, platform, { content: content ?? "", hashtags: hashtagText ?? "" }, shared, adjusted);
  // Every ticked network's variant against its own rules: one that breaks them keeps Post/Schedule off.
  const broken = new Set(
    networks.filter(
      (p) =>
        checkPostRules({
          platform: p,
          content: texts[p]!.content.trim(),
          hashtags: parseHashtags(texts[p]!.hashtags),
          image: media ? { type: media.file_type, size: media.file_size } : null,
          maxLength: accounts?.find((a) => a.platform === p)?.max_length ?? null,
        }).length > 0,
    ),
  );
  // Leaving a tab keeps what was written there: the message (first network) or that network's adjustment.
  const switchTo = (next: PlatformId, list = networks) => {
    const live = { content: getValues("content"), hashtags: getValues("hashtags") };
    let message = platform === networks[0] ? live : shared;
    const kept: Partial<Record<PlatformId, VariantText>> = {};
    for (const p of list) if (adjusted[p]) kept[p] = adjusted[p];
    if (platform !== networks[0] && list.includes(platform)) {
      if (live.content !== message.content || live.hashtags !== message.hashtags) kept[platform] = live;
      else delete kept[platform];
    }
    // The first ticked network's text is the message; it is never an adjustment.
    const first = list[0]!;
    if (kept[first]) {
      message = kept[first]!;
      delete kept[first];
    }
    setShared(message);
    setAdjusted(kept);
    const text = kept[next] ?? message;
    setValue("platform", next);
    setValue("content", text.content);
    setValue("hashtags", text.hashtags);
  };
  const pickNetworks = (list: PlatformId[]) => {
    setNetworks(list);
    const added = list.find((p) => !networks.includes(p));
    if (added) switchTo(added, list);
    else if (!list.includes(platform)) switchTo(list[0]!, list);
  };
  const resetVariant = () => {
    setAdjusted(({ [platform]: _, ...rest }) => rest);
    setValue("content", shared.content);
    setValue("hashtags", shared.hashtags);
  };
  // Not a refusal: how the network will show the image (a GIF as a still, decision 129).
  const mediaNote = media && !mediaIssue ? imageNote(platform, { type: media.file_type, size: media.file_size }) : null;

  // Each opening starts fresh, in the requested mode, at the next full hour.
  useEffect(() => {
    if (open) {
      reset(defaults());
      setMode(defaultMode);
      setMedia(null);
      setSources([]);
      setGaps(null);
      setLocalDraft(false);
      setAiOpen(false);
      setPrompt("");
      setRepeat(null);
      setNetworks([PLATFORM_OPTIONS[0]!.value]);
      setShared({ content: "", hashtags: "" });
      setAdjusted({});
    }
  }, [open, defaultMode, reset]);

  const close = () => {
    if (!busy) onOpenChange(false);
  };

  const refreshProjectData = (projectId: string) =>
    mutate((key) => typeof key === "string" && key.startsWith(`/api/projects/${projectId}/`), undefined, { revalidate: true });

  const generate = async () => {
    if (!prompt.trim()) {
      notify.error("Please enter a prompt");
      return;
    }
    if (!project) {
      notify.error("No project selected");
      return;
    }
    setGenerating(true);
    try {
      const res = await generateSocialPost(project.id, prompt.trim(), platform);
      const post = res.posts[0];
      if (!post || !post.content.trim()) {
        notify.error("No content generated");
        return;
      }
      setValue("content", post.content, { shouldDirty: true });
      setValue("hashtags", post.hashtags.map((h) => `#${h.replace(/^#+/, "")}`).join(" "), { shouldDirty: true });
      setSources(post.sources ?? []);
      setGaps(generationGaps(res));
      setLocalDraft(res.engine === "local");
      if (post.media_info) setMedia(post.media_info);
      setAiOpen(false);
      setPrompt("");
      notify.success("Content generated successfully!");
    } catch {
      notify.error("Failed to generate content. Please try again.");
    } finally {
      setGenerating(false);
    }
  };

  const submit = async () => {
    const values = getValues();
    if (!project) {
      notify.error("No project selected");
      return;
    }
    if (!values.content.trim()) {
      notify.error("Please enter some content");
      return;
    }
    let scheduledFor: string | undefined;
    if (mode === "schedule") {
      // The date and time are the user's local wall clock; the server stores the UTC instant.
      const when = new Date(`${values.date}T${values.time || "00:00"}`);
      if (!values.date || Number.isNaN(when.getTime())) {
        notify.error("Please choose a valid date and time");
        return;
      }
      scheduledFor = when.toISOString();
    }
    if (networks.length > 1) return void submitVariants(scheduledFor, values.date, values.time);
    setBusy(true);
    try {
      if (mode === "schedule" && repeat) {
        const series = await createSeries(project.id, {
          content: values.content.trim(),
          platform: values.platform,
          hashtags: parseHashtags(values.hashtags),
          media_info: media,
          start_date: values.date,
          time: values.time || "00:00",
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          repeat,
        });
        const inReview = series.posts.filter((p) => p.status === "in_review").length;
        notify.success(
          inReview > 0
            ? `${series.posts.length} posts sent for review: they publish once an Owner or a Reviewer approves them`
            : `${series.posts.length} posts scheduled`,
        );
        void refreshProjectData(project.id);
        onOpenChange(false);
        return;
      }
      const post = await createPost(project.id, {
        content: values.content.trim(),
        platform: values.platform,
        hashtags: parseHashtags(values.hashtags),
        mode,
        scheduled_for: scheduledFor,
        media_info: media,
        ...(sources.length ? { sources } : {}),
      });
      // With approvals on, an Editor's post (Post Now included) waits for an Owner or a Reviewer
      // instead of publishing or being scheduled (decision 202): say so, not "scheduled".
      if (post.status === "in_review") {
        notify.success(SENT_FOR_REVIEW);
      } else if (mode === "now") {
        const done = post.status === "publishing" ? await waitForPublish(post.id) : post;
        // The platform's own reason, at once (stored in error_message by the publisher).
        if (done.status === "failed") notify.error(done.error_message ? `Failed to publish post: ${done.error_message}` : "Failed to publish post");
        else if (done.status === "published") notify.success("Post published successfully!");
        else notify.info("Your post is being published");
      } else {
        notify.success("Post scheduled successfully!");
      }
      void refreshProjectData(project.id);
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiRequestError && (err.code === "invalid_input" || repeat)) notify.error(err.message);
      else notify.error(mode === "now" ? "Failed to publish post" : "Failed to schedule post");
    } finally {
      setBusy(false);
    }
  };

  // One post per ticked network, sharing the first one's message_id (decision 260). Each is created
  // (and, for Post Now, published) on its own: one network failing never stops the others.
  const submitVariants = async (scheduledFor: string | undefined, date: string, time: string) => {
    if (!project) return;
    setBusy(true);
    let messageId: string | undefined;
    const done: string[] = [];
    const inReview: string[] = [];
    const failed: string[] = [];
    for (const p of networks) {
      const t = texts[p]!;
      const fields = { content: t.content.trim(), platform: p, hashtags: parseHashtags(t.hashtags), media_info: media };
      try {
        if (mode === "schedule" && repeat) {
          const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
          await createSeries(project.id, { ...fields, start_date: date, time: time || "00:00", time_zone: zone, repeat });
          done.push(networkName(p));
          continue;
        }
        const post = await createPost(project.id, {
          ...fields,
          mode,
          scheduled_for: scheduledFor,
          ...(sources.length ? { sources } : {}),
          ...(messageId ? { message_id: messageId } : {}),
        });
        messageId ??= post.message_id ?? undefined;
        const final = mode === "now" && post.status === "publishing" ? await waitForPublish(post.id) : post;
        if (final.status === "failed") failed.push(`${networkName(p)}: ${final.error_message ?? "Failed to publish post"}`);
        else if (final.status === "in_review") inReview.push(networkName(p));
        else done.push(networkName(p));
      } catch (err) {
        failed.push(
          `${networkName(p)}: ${err instanceof ApiRequestError ? err.message : mode === "now" ? "Failed to publish post" : "Failed to schedule post"}`,
        );
      }
    }
    if (done.length) notify.success(mode === "now" ? `Sent to ${done.join(", ")}` : `Scheduled for ${done.join(", ")}`);
    if (inReview.length) notify.success(`${SENT_FOR_REVIEW} (${inReview.join(", ")})`);
    for (const f of failed) notify.error(f);
    setBusy(false);
    void refreshProjectData(project.id);
    if (done.length || inReview.length) onOpenChange(false);
  };

  const addToQueue = async () => {
    const values = getValues();
    if (!project || !values.content.trim()) return;
    setQueueing(true);
    try {
      // Each ticked network's variant takes its own next free slot (the queue works on single posts).
      for (const p of networks.filter((n) => n !== values.platform)) {
        const t = texts[p]!;
        await queuePost(project.id, { content: t.content.trim(), platform: p, hashtags: parseHashtags(t.hashtags), media_info: media });
      }
      const post = await queuePost(project.id, {
        content: values.content.trim(),
        platform: values.platform,
        hashtags: parseHashtags(values.hashtags),
        media_info: media,
      });
      notify.success(
        `Added to queue for ${new Date(post.scheduled_for).toLocaleString(undefined, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}`,
      );
      void refreshProjectData(project.id);
      onOpenChange(false);
    } catch (err) {
      notify.error(err instanceof ApiRequestError ? err.message : "Failed to add the post to the queue");
    } finally {
      setQueueing(false);
    }
  };

  const submitLabel = mode === "now" ? "Post Now" : "Schedule Post";
  const busyLabel = mode === "now" ? "Publishing..." : "Scheduling...";
  const blank = !(content ?? "").trim();

  return (
    <>
      <AppDialog
        open={open}
        onClose={close}
        busy={busy}
        size="lg"
        fullBelow="md"
        scrollBehavior="inside"
        closeButton
        title="Create Post"
        footer={
          <>
            <Button variant="outline" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant="outline"
              colorPalette="brand"
              onClick={() => void addToQueue()}
              disabled={busy || blank || queueing || issues.length > 0 || broken.size > 0}
              loading={queueing}
              loadingText="Adding..."
            >
              Add to queue
            </Button>
            <Button type="submit" form="create-post-form" colorPalette="brand" disabled={busy || blank || queueing || issues.length > 0 || broken.size > 0}>
              {busy ? busyLabel : submitLabel}
            </Button>
          </>
        }
      >
        <form
          id="create-post-form"
          noValidate
          aria-label="Create post"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="4">
            <Tabs.Root value={mode} onValueChange={(e) => setMode(e.value as Mode)} variant="enclosed" fitted>
              <Tabs.List>
                <Tabs.Trigger value="now">Post Now</Tabs.Trigger>
                <Tabs.Trigger value="schedule">Schedule Post</Tabs.Trigger>
              </Tabs.List>
            </Tabs.Root>

            <NetworkPicker options={PLATFORM_OPTIONS} value={networks} onChange={pickNetworks} />
            <NetworkTabs
              networks={networks}
              active={platform}
              adjusted={
                new Set(
                  networks.filter(
                    (p) => p !== networks[0] && (texts[p]!.content !== texts[networks[0]!]!.content || texts[p]!.hashtags !== texts[networks[0]!]!.hashtags),
                  ),
                )
              }
              broken={broken}
              onSelect={(p) => switchTo(p)}
              onReset={resetVariant}
            />

            <Field.Root invalid={!!formState.errors.content || !!contentIssue}>
              <HStack justify="space-between" w="full">
                <Field.Label>Content</Field.Label>
                <Button size="xs" variant={aiOpen ? "subtle" : "ghost"} colorPalette="brand" aria-expanded={aiOpen} onClick={() => setAiOpen((v) => !v)}>
                  <Sparkles size={14} aria-hidden /> Generate with AI
                </Button>
              </HStack>
              <Textarea {...register("content")} rows={5} placeholder="What's on your mind?" />
              <Field.ErrorText>{formState.errors.content?.message}</Field.ErrorText>
              <PostRulesHint platform={platform} content={content ?? ""} hashtags={hashtags} issue={contentIssue} maxLength={maxLength} />
            </Field.Root>
            <PostHelpers
              projectId={project?.id}
              platform={platform}
              draft={{ content: content ?? "", hashtags }}
              onApply={(d) => {
                setValue("content", d.content, { shouldDirty: true });
                setValue("hashtags", d.hashtags.map((h) => `#${h.replace(/^#+/, "")}`).join(" "), { shouldDirty: true });
              }}
            />
            <ClaimCheck projectId={project?.id} content={content ?? ""} onChange={(text) => setValue("content", text, { shouldDirty: true })} />
            <GenerationNotice gaps={gaps} single onNavigate={close} />
            {localDraft && (
              <Text fontSize="xs" color="fg.muted" data-testid="local-draft">
                Drafted from your brand brain&apos;s sentences
              </Text>
            )}

            {aiOpen && (
              <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
                <Stack gap="2">
                  <Field.Root>
                    <Field.Label>Prompt</Field.Label>
                    <Textarea value={prompt} onChange={(e) => setPrompt(e.target.value)} rows={2} placeholder="What would you like to post about?" />
                  </Field.Root>
                  <HStack justify="end">
                    <Button size="sm" variant="outline" onClick={() => setAiOpen(false)} disabled={generating}>
                      Cancel
                    </Button>
                    <Button
                      size="sm"
                      colorPalette="brand"
                      onClick={generate}
                      disabled={!prompt.trim() || generating}
                      loading={generating}
                      loadingText="Generating..."
                    >
                      Generate
                    </Button>
                  </HStack>
                </Stack>
              </Box>
            )}

            <HStack gap="3" flexWrap="wrap">
              <Button size="sm" variant="outline" onClick={() => setUploadOpen(true)}>
                <ImagePlus size={16} aria-hidden /> {media ? "Change Image" : "Add Image"}
              </Button>
              {media && (
                <>
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    Image attached: {media.file_name}
                  </Text>
                  <Button size="xs" variant="ghost" onClick={() => setMedia(null)}>
                    Remove image
                  </Button>
                </>
              )}
            </HStack>
            {media && <AttachedImage media={media} onChange={setMedia} onReplace={() => setUploadOpen(true)} onRemove={() => setMedia(null)} />}
            {mediaIssue && !blank && (
              <Text fontSize="sm" color="fg.error" role="alert">
                {mediaIssue.message}
              </Text>
            )}
            {mediaNote && (
              <Text fontSize="sm" color="fg.muted">
                {mediaNote}
              </Text>
            )}

            {mode === "schedule" && (
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                <Field.Root>
                  <Field.Label>Date</Field.Label>
                  <Input type="date" min={localDate()} {...register("date")} />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Time</Field.Label>
                  <Input type="time" {...register("time")} />
                  {date && <Field.HelperText>Your local time ({Intl.DateTimeFormat().resolvedOptions().timeZone})</Field.HelperText>}
                </Field.Root>
              </SimpleGrid>
            )}
            {mode === "schedule" && <RepeatFields value={repeat} onChange={setRepeat} />}

            <Field.Root>
              <Field.Label>Hashtags</Field.Label>
              <Input {...register("hashtags")} placeholder="#marketing #brand" />
              <Field.HelperText>Separate hashtags with spaces</Field.HelperText>
            </Field.Root>

            <PostSources sources={sources} />

            <Stack gap="2">
              <Text fontWeight="medium" fontSize="sm">
                Preview
              </Text>
              <PostPreviewCard
                platform={platform}
                content={content ?? ""}
                hashtags={hashtags}
                imageUrl={media?.url}
                imageAlt={media?.alt_text}
                brandName={project?.name ?? "Your Brand"}
                handle={account?.username ? `@${account.username}` : "@yourbrand"}
              />
            </Stack>
          </Stack>
        </form>
      </AppDialog>
      <ImageUploadDialog open={uploadOpen} onOpenChange={setUploadOpen} accountId={account?.id} onComplete={(m) => setMedia(m)} />
    </>
  );
}
