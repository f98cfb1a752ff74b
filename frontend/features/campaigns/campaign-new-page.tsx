import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Fieldset,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Sparkles } from "lucide-react";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import useSWR, { mutate } from "swr";
import { PLATFORMS } from "../../../schema/api/common";
import type { SocialAccount } from "../../../schema/api/social";
import {
  browserTimeZone,
  CAMPAIGN_BOUNDS,
  campaignFormDefaults,
  campaignFormSchema,
  todayIn,
  type CampaignForm,
  type CampaignFormInput,
} from "../../../schema/api/campaigns";
import { LoadingScreen } from "../../components/ui/loading-screen";
import { fetcher } from "../../lib/api";
import { notify } from "../../components/ui/toaster";
import { useAuth } from "../../lib/auth-context";
import { PLATFORM_LABELS, PlatformIcon } from "../../components/posts/platform-icon";
import { generatePosts, saveCampaign } from "../../lib/api/campaigns";
import { UseSlotsButton } from "../../components/planner/use-slots-button";
import { GeneratedPostItem, type DraftPost } from "./generated-post-item";
import { GenerationNotice, generationGaps, type GenerationGaps } from "../../components/posts/generation-notice";
import { accountsKey } from "../../lib/api/social";

let keySeq = 0;

export default function CampaignNewPage() {
  const { project } = useAuth();
  const navigate = useNavigate();
  const timeZone = useMemo(browserTimeZone, []);
  const [drafts, setDrafts] = useState<DraftPost[]>([]);
  const [engine, setEngine] = useState<"local" | "openai" | null>(null);
  const [gaps, setGaps] = useState<GenerationGaps | null>(null);
  const [settings, setSettings] = useState<CampaignForm | null>(null);
  const [generating, setGenerating] = useState(false);
  const [saving, setSaving] = useState(false);
  // A network's account may set its own length limit (a server's own); drafts are checked
  // against it once there are drafts to check.
  const { data: accounts } = useSWR<SocialAccount[]>(project && drafts.length > 0 ? accountsKey(project.id) : null, fetcher);

  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<CampaignFormInput, unknown, CampaignForm>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: campaignFormDefaults(timeZone),
  });

  // post_count counts messages; each message is one post per selected network (decision 185).
  const watchedCount = Number(watch("post_count"));
  const watchedPlatforms = watch("platforms") ?? [];
  const postsMade = Number.isInteger(watchedCount) && watchedCount > 0 ? watchedCount * Math.max(1, watchedPlatforms.length) : null;
  // The drafts grouped by message, in order: one card per message, a tab per network.
  const messages: { id: string; posts: DraftPost[] }[] = [];
  for (const d of drafts) {
    const group = messages.find((m) => m.id === d.message_id);
    if (group) group.posts.push(d);
    else messages.push({ id: d.message_id, posts: [d] });
  }
  if (!project) return <LoadingScreen />;

  const onGenerate = async (values: CampaignForm) => {
    setGenerating(true);
    try {
      const res = await generatePosts(project.id, {
        prompt: values.prompt,
        type: "campaign",
        count: values.post_count,
        duration: values.duration,
        platforms: values.platforms,
        start_date: values.start_date,
        start_time: values.start_time,
        time_zone: timeZone,
      });
      // A new generation replaces the previous list.
      setDrafts(res.posts.map((p) => ({ ...p, key: `d${++keySeq}` })));
      setEngine(res.engine);
      setGaps(generationGaps(res));
      setSettings(values);
      notify.success("Posts generated successfully!");
    } catch {
      notify.error("Failed to generate posts. Please try again.");
    } finally {
      setGenerating(false);
    }
  };

  const onSchedule = async () => {
    if (!settings || drafts.length === 0) return;
    setSaving(true);
    try {
      await saveCampaign(project.id, {
        prompt: settings.prompt,
        post_count: settings.post_count,
        duration: settings.duration,
        platforms: settings.platforms,
        start_date: settings.start_date,
        start_time: settings.start_time,
        time_zone: timeZone,
        posts: drafts.map((d) => ({
          content: d.content,
          hashtags: d.hashtags,
          platform: d.platform,
          scheduled_for: d.scheduled_for,
          image_prompt: d.image_prompt,
          sources: d.sources,
          media_info: d.media_info ?? null,
          message_id: d.message_id,
        })),
      });
      // The header's progress dots and the dashboard read these; they changed.
      void mutate(`/api/projects/${project.id}/progress`);
      void mutate(`/api/projects/${project.id}/dashboard`);
      notify.success("Campaign scheduled successfully!");
      navigate("/calendar");
    } catch {
      // A failed save keeps the list so the user can try again.
      notify.error("Failed to save campaign. Please try again.");
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack p={{ base: "4", md: "8" }} gap="6" maxW="4xl" mx="auto" w="full">
      <Link asChild color="fg.muted" fontSize="sm" alignSelf="start">
        <RouterLink to="/dashboard">
          <ArrowLeft size={16} aria-hidden /> Back to Dashboard
        </RouterLink>
      </Link>
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Create Campaign
        </Heading>
        <Text color="fg.muted">Describe your campaign and let your brand brain write the posts.</Text>
      </Stack>

      <Card.Root>
        <Card.Body>
          <form onSubmit={handleSubmit(onGenerate)} noValidate aria-label="Campaign settings">
            <Stack gap="5">
              <Field.Root invalid={!!errors.prompt}>
                <Field.Label>Campaign prompt</Field.Label>
                <Textarea
                  {...register("prompt")}
                  rows={4}
                  placeholder="e.g. A week of posts announcing our new autumn collection, focusing on sustainability"
                />
                <Field.ErrorText>{errors.prompt?.message}</Field.ErrorText>
              </Field.Root>

              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <Field.Root invalid={!!errors.post_count}>
                  <Field.Label>Number of posts</Field.Label>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={CAMPAIGN_BOUNDS.post_count.min}
                    max={CAMPAIGN_BOUNDS.post_count.max}
                    {...register("post_count")}
                  />
                  {!errors.post_count && postsMade !== null && (
                    <Field.HelperText data-testid="posts-made">
                      Each message goes to every selected platform: {watchedCount} {watchedCount === 1 ? "message" : "messages"} ×{" "}
                      {Math.max(1, watchedPlatforms.length)} {watchedPlatforms.length > 1 ? "networks" : "network"} = {postsMade}{" "}
                      {postsMade === 1 ? "post" : "posts"}.
                    </Field.HelperText>
                  )}
                  <Field.ErrorText>{errors.post_count?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!errors.duration}>
                  <Field.Label>Duration (days)</Field.Label>
                  <Input type="number" inputMode="numeric" min={CAMPAIGN_BOUNDS.duration.min} max={CAMPAIGN_BOUNDS.duration.max} {...register("duration")} />
                  <Field.ErrorText>{errors.duration?.message}</Field.ErrorText>
                </Field.Root>
              </SimpleGrid>

              <Controller
                control={control}
                name="platforms"
                render={({ field }) => (
                  <Fieldset.Root invalid={!!errors.platforms}>
                    <Fieldset.Legend fontWeight="medium" fontSize="sm">
                      Platforms
                    </Fieldset.Legend>
                    <CheckboxGroup value={field.value} onValueChange={(v) => field.onChange(v)} name="platforms">
                      <HStack gap="5" wrap="wrap">
                        {PLATFORMS.map((p) => (
                          <Checkbox.Root key={p} value={p} colorPalette="brand">
                            <Checkbox.HiddenInput onBlur={field.onBlur} />
                            <Checkbox.Control />
                            <Checkbox.Label>
                              <HStack gap="1.5">
                                <PlatformIcon platform={p} decorative />
                                <span>{PLATFORM_LABELS[p]}</span>
                              </HStack>
                            </Checkbox.Label>
                          </Checkbox.Root>
                        ))}
                      </HStack>
                    </CheckboxGroup>
                    <Fieldset.ErrorText>{errors.platforms?.message}</Fieldset.ErrorText>
                  </Fieldset.Root>
                )}
              />

              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <Field.Root invalid={!!errors.start_date}>
                  <Field.Label>Start date</Field.Label>
                  <Input type="date" min={todayIn(timeZone)} {...register("start_date")} />
                  <Field.ErrorText>{errors.start_date?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!errors.start_time}>
                  <Field.Label>Start time</Field.Label>
                  <Input type="time" {...register("start_time")} />
                  <Field.ErrorText>{errors.start_time?.message}</Field.ErrorText>
                </Field.Root>
              </SimpleGrid>

              <Button type="submit" colorPalette="brand" disabled={generating} alignSelf={{ base: "stretch", sm: "start" }}>
                <Sparkles size={16} aria-hidden />
                {generating ? "Generating..." : "Generate Posts"}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>

      {drafts.length > 0 && (
        <Stack gap="4" as="section" aria-labelledby="generated-posts-heading">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <HStack gap="2">
              <Heading as="h2" size="lg" id="generated-posts-heading">
                Generated Posts
              </Heading>
              {engine === "local" && (
                <Badge colorPalette="gray" variant="surface" title="Written offline by the local engine from your brand content, without an AI model">
                  Drafted from your brand brain's sentences
                </Badge>
              )}
            </HStack>
            <HStack gap="3" wrap="wrap">
              <Text color="fg.muted" fontSize="sm">
                {messages.length} {messages.length === 1 ? "message" : "messages"} · {drafts.length} {drafts.length === 1 ? "post" : "posts"} · times in{" "}
                {timeZone}
              </Text>
              <UseSlotsButton
                projectId={project.id}
                platforms={drafts.map((d) => d.platform)}
                onPlaced={(slots) =>
                  setDrafts((list) =>
                    list.map((d, i) => (slots[i] ? { ...d, scheduled_for: slots[i]! } : d)).sort((a, b) => a.scheduled_for.localeCompare(b.scheduled_for)),
                  )
                }
              />
            </HStack>
          </HStack>
          <GenerationNotice gaps={gaps} />
          <Stack gap="4">
            {messages.map((m, n) => (
              <Card.Root key={m.id} as="section" aria-label={`Message ${n + 1}`} data-testid="message-group" size="sm" variant="outline">
                <Card.Body gap="2">
                  <Text fontWeight="semibold" fontSize="sm">
                    Message {n + 1}
                  </Text>
                  <Tabs.Root defaultValue={m.posts[0]!.key} variant="line" colorPalette="brand" size="sm">
                    <Tabs.List overflowX="auto">
                      {m.posts.map((d) => (
                        <Tabs.Trigger key={d.key} value={d.key}>
                          <PlatformIcon platform={d.platform} decorative />
                          {PLATFORM_LABELS[d.platform]}
                        </Tabs.Trigger>
                      ))}
                    </Tabs.List>
                    {m.posts.map((d) => (
                      <Tabs.Content key={d.key} value={d.key} pt="2">
                        <Box as="ul" p="0" m="0">
                          <GeneratedPostItem
                            post={d}
                            index={drafts.indexOf(d)}
                            timeZone={timeZone}
                            maxLength={accounts?.find((a) => a.platform === d.platform)?.max_length ?? null}
                            onChange={(next) => setDrafts((list) => list.map((x) => (x.key === d.key ? next : x)))}
                            onRemove={() => setDrafts((list) => list.filter((x) => x.key !== d.key))}
                          />
                        </Box>
                      </Tabs.Content>
                    ))}
                  </Tabs.Root>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
          <Button colorPalette="brand" size="lg" onClick={onSchedule} disabled={saving} alignSelf={{ base: "stretch", sm: "end" }}>
            {saving ? "Scheduling..." : "Schedule All Posts"}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
