import { Box, Button, Checkbox, Field, HStack, Input, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import useSWR from "swr";
import { addDays, localDateTimeToUtc, parseDate } from "../../../schema/api/campaign-schedule";
import type { Platform } from "../../../schema/api/common";
import { REVIEW_LINK_DAYS, type CreatedReviewLink, type ReviewLink } from "../../../schema/api/review-links";
import { fetcher } from "../../lib/api";
import { createReviewLink, reviewLinksKey, revokeReviewLink } from "../../lib/api/review";
import { notify } from "../ui/toaster";
import { PLATFORM_LABELS } from "./platform-icon";
import { AppDialog } from "../ui/app-dialog";

// "Share for review" (decision 265): selected posts, or a date range and networks, through a link
// that needs no account. The URL is shown once, right after it is made; the active links are listed
// below with Revoke.
export function ShareReviewDialog({
  projectId,
  timeZone,
  postIds,
  initialFrom,
  initialTo,
  platforms,
  onClose,
}: {
  projectId: string;
  timeZone: string;
  /** Selected posts; when empty the dialog shares a date range instead. */
  postIds: string[];
  initialFrom: string;
  initialTo: string;
  /** The networks the project has posts on (the range's filter). */
  platforms: Platform[];
  onClose: () => void;
}) {
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [chosen, setChosen] = useState<Set<Platform>>(() => new Set(platforms));
  const [days, setDays] = useState(String(REVIEW_LINK_DAYS.default));
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedReviewLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const links = useSWR<ReviewLink[]>(reviewLinksKey(projectId), fetcher);

  const n = Number(days);
  const daysOk = Number.isInteger(n) && n >= REVIEW_LINK_DAYS.min && n <= REVIEW_LINK_DAYS.max;
  const rangeOk = postIds.length > 0 || (parseDate(from) && parseDate(to) && to >= from && chosen.size > 0);

  async function share() {
    setBusy(true);
    setError(null);
    try {
      const body =
        postIds.length > 0
          ? { post_ids: postIds, days: n }
          : {
              from: new Date(localDateTimeToUtc(from, "00:00", timeZone)!).toISOString(),
              to: new Date(localDateTimeToUtc(addDays(to, 1), "00:00", timeZone)!).toISOString(),
              platforms: [...chosen],
              days: n,
            };
      setCreated(await createReviewLink(projectId, body));
      await links.mutate();
    } catch (err) {
      setError(err instanceof Error ? err.message : "Failed to create the link");
    } finally {
      setBusy(false);
    }
  }

  async function revoke(id: string) {
    try {
      await revokeReviewLink(projectId, id);
      if (created?.id === id) setCreated(null);
      await links.mutate();
      notify.success("Link revoked");
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "Failed to revoke the link");
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notify.success("Link copied");
    } catch {
      notify.error("Copy failed: select the link and copy it");
    }
  }

  const dateFmt = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone });
  return (
    <AppDialog
      onClose={onClose}
      scrollBehavior="inside"
      title="Share for review"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button colorPalette="brand" loading={busy} disabled={!daysOk || !rangeOk} onClick={() => void share()}>
            Create link
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Anyone with the link can see{" "}
          {postIds.length > 0 ? `the ${postIds.length === 1 ? "selected post" : `${postIds.length} selected posts`}` : "the posts of these dates"} and approve
          or request changes, without an account. Nothing else of the project is shown.
        </Text>
        {postIds.length === 0 && (
          <>
            <HStack gap="3" wrap="wrap">
              <Field.Root flex="1" minW="140px">
                <Field.Label>From</Field.Label>
                <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
              </Field.Root>
              <Field.Root flex="1" minW="140px" invalid={!!parseDate(to) && to < from}>
                <Field.Label>To</Field.Label>
                <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
                <Field.ErrorText>The end date must not be before the start date</Field.ErrorText>
              </Field.Root>
            </HStack>
            <Box as="fieldset">
              <Text as="legend" fontSize="sm" fontWeight="medium" mb="1">
                Networks
              </Text>
              <HStack gap="4" wrap="wrap">
                {platforms.map((p) => (
                  <Checkbox.Root
                    key={p}
                    checked={chosen.has(p)}
                    onCheckedChange={(e) =>
                      setChosen((s) => {
                        const next = new Set(s);
                        if (e.checked) next.add(p);
                        else next.delete(p);
                        return next;
                      })
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{PLATFORM_LABELS[p]}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </HStack>
            </Box>
          </>
        )}
        <Field.Root invalid={!daysOk} maxW="200px">
          <Field.Label>Expires after (days)</Field.Label>
          <Input
            type="number"
            inputMode="numeric"
            min={REVIEW_LINK_DAYS.min}
            max={REVIEW_LINK_DAYS.max}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
          <Field.ErrorText>
            A link lasts between {REVIEW_LINK_DAYS.min} and {REVIEW_LINK_DAYS.max} days
          </Field.ErrorText>
        </Field.Root>
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
        {created && (
          <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
            <Text fontSize="sm" fontWeight="medium">
              Review link ({created.post_count === 1 ? "1 post" : `${created.post_count} posts`}, until {dateFmt.format(created.expires_at)})
            </Text>
            <HStack>
              <Input readOnly value={created.url} aria-label="Review link" onFocus={(e) => e.target.select()} />
              <Button onClick={() => void copy(created.url)}>Copy</Button>
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              This is the only time the link is shown. Revoke it below if it goes to the wrong person.
            </Text>
          </Stack>
        )}
        <Stack gap="2">
          <Text fontWeight="medium">Active links</Text>
          {links.isLoading ? (
            <Spinner size="sm" />
          ) : links.error ? (
            <Text color="fg.error">Failed to load the links</Text>
          ) : (links.data ?? []).length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              No active review links.
            </Text>
          ) : (
            <Stack as="ul" gap="1" listStyleType="none" aria-label="Active review links">
              {links.data!.map((l) => (
                <HStack as="li" key={l.id} justify="space-between" gap="2">
                  <Text fontSize="sm">
                    {l.post_count === 1 ? "1 post" : `${l.post_count} posts`} · until {dateFmt.format(l.expires_at)}
                    {l.created_by ? ` · by ${l.created_by}` : ""}
                  </Text>
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => void revoke(l.id)}>
                    Revoke
                  </Button>
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    </AppDialog>
  );
}
