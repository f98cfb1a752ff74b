import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Field,
  Fieldset,
  Heading,
  HStack,
  Input,
  Spinner,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { Webhook } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import { can } from "../../../schema/api/permissions";
import { createWebhookSchema, WEBHOOK_EVENTS, type DeliveryDto, type WebhookDto, type WebhookEvent } from "../../../schema/api/webhooks";
import { useAuth } from "../../lib/auth-context";
import { LoadingScreen } from "../../components/ui/loading-screen";
import { SecretOnce } from "../../components/ui/secret-once";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError, fetcher, request } from "../../lib/api";
import { PageLayout } from "../../components/ui/page-layout";

// Project settings -> Webhooks (decision 213): an Owner's endpoints for the project.
// The signing secret is shown once, right after creation; each endpoint's delivery log shows
// status, response code and time, with Resend (same event id, so receivers can de-duplicate).
type Created = WebhookDto & { secret: string };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "not yet");
const STATUS_COLOR: Record<DeliveryDto["status"], string> = { pending: "gray", succeeded: "green", failed: "red" };

function Deliveries({ hook }: { hook: WebhookDto }) {
  const path = `/api/webhooks/${encodeURIComponent(hook.id)}/deliveries`;
  const log = useSWR<DeliveryDto[]>(path, fetcher, { shouldRetryOnError: false });
  const [resending, setResending] = useState<string | null>(null);

  const resend = async (d: DeliveryDto) => {
    setResending(d.id);
    try {
      await request(`/api/webhook-deliveries/${encodeURIComponent(d.id)}/resend`, { method: "POST" });
      await log.mutate();
      notify.success(`Queued ${d.event} again`);
    } catch {
      notify.error("Failed to resend the delivery");
    } finally {
      setResending(null);
    }
  };

  if (log.error) return <Text color="fg.error">Failed to load the delivery log.</Text>;
  if (!log.data) return <Spinner aria-label="Loading deliveries" size="sm" />;
  if (log.data.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm">
        No deliveries yet: one appears when a subscribed event happens.
      </Text>
    );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={`Deliveries to ${hook.url}`}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Event</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Response</Table.ColumnHeader>
            <Table.ColumnHeader>Last attempt</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {log.data.map((d) => (
            <Table.Row key={d.id}>
              <Table.Cell fontFamily="mono" fontSize="xs">
                {d.event}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATUS_COLOR[d.status]}>{d.status}</Badge>
              </Table.Cell>
              <Table.Cell>{d.response_code ?? "—"}</Table.Cell>
              <Table.Cell fontSize="xs">
                {when(d.last_attempt_at)} · {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
              </Table.Cell>
              <Table.Cell textAlign="end">
                {d.status !== "pending" && (
                  <Button
                    size="xs"
                    variant="outline"
                    loading={resending === d.id}
                    onClick={() => void resend(d)}
                    aria-label={`Resend ${d.event} (${d.event_id})`}
                  >
                    Resend
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export default function WebhooksPage() {
  const { project } = useAuth();
  const owner = !!project && can(project.role, "manage");
  const path = project && owner ? `/api/projects/${encodeURIComponent(project.id)}/webhooks` : null;
  const hooks = useSWR<WebhookDto[]>(path, fetcher, { shouldRetryOnError: false });
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["post.published", "post.failed"]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  if (!project) return <LoadingScreen />;

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = createWebhookSchema.safeParse({ url, events });
    if (!checked.success) {
      const out: Record<string, string> = {};
      for (const i of checked.error.issues) out[String(i.path[0] ?? "_")] ??= i.message;
      setErrors(out);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const hook = await request<Created>(path!, { method: "POST", body: JSON.stringify(checked.data) });
      setCreated(hook);
      setUrl("");
      await hooks.mutate();
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === "invalid_input") {
        setErrors(err.fields ?? { url: err.message });
        notify.error(err.message);
      } else notify.error("Failed to add the webhook");
    } finally {
      setBusy(false);
    }
  };

  const remove = async (hook: WebhookDto) => {
    try {
      await request(`/api/webhooks/${encodeURIComponent(hook.id)}`, { method: "DELETE" });
      await hooks.mutate();
      notify.success("Webhook removed");
    } catch {
      notify.error("Failed to remove the webhook");
    }
  };

  return (
    <PageLayout
      title="Webhooks"
      description={
        <Text color="fg.muted">
          {project.name}: Brandpilot POSTs a signed JSON event to your endpoint when something happens. Verify the Brandpilot-Signature header with the secret.
        </Text>
      }
    >
      {!owner ? (
        <Alert.Root status="info">
          <Alert.Title>Only the project's Owners manage its webhooks.</Alert.Title>
        </Alert.Root>
      ) : (
        <>
          {created && (
            <SecretOnce
              title="Copy the signing secret now: it is shown only once."
              value={created.secret}
              what="secret"
              testId="new-webhook-secret"
              onDone={() => setCreated(null)}
            />
          )}

          <Card.Root>
            <Card.Body as="form" onSubmit={(e: React.FormEvent) => void create(e)} gap="4">
              <Heading as="h2" size="md">
                Add an endpoint
              </Heading>
              <Field.Root invalid={!!errors.url}>
                <Field.Label>Endpoint URL</Field.Label>
                <Input
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  placeholder="https://example.com/hooks/brandpilot"
                  inputMode="url"
                  maxLength={2000}
                />
                <Field.ErrorText>{errors.url}</Field.ErrorText>
              </Field.Root>
              <Fieldset.Root invalid={!!errors.events}>
                <Fieldset.Legend fontWeight="medium" fontSize="sm">
                  Events
                </Fieldset.Legend>
                <CheckboxGroup value={events} onValueChange={(v) => setEvents(v as WebhookEvent[])} name="events">
                  <Box display="grid" gridTemplateColumns={{ base: "1fr", sm: "1fr 1fr" }} gap="2">
                    {WEBHOOK_EVENTS.map((ev) => (
                      <Checkbox.Root key={ev} value={ev} colorPalette="brand">
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label fontFamily="mono" fontSize="sm">
                          {ev}
                        </Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Box>
                </CheckboxGroup>
                <Fieldset.ErrorText>{errors.events}</Fieldset.ErrorText>
              </Fieldset.Root>
              <Box>
                <Button type="submit" colorPalette="brand" loading={busy}>
                  <Webhook size={16} aria-hidden /> Add webhook
                </Button>
              </Box>
            </Card.Body>
          </Card.Root>

          <Stack gap="3">
            <Heading as="h2" size="md">
              Endpoints
            </Heading>
            {hooks.error ? (
              <Text color="fg.error">Failed to load the webhooks.</Text>
            ) : !hooks.data ? (
              <Spinner aria-label="Loading webhooks" />
            ) : hooks.data.length === 0 ? (
              <Text color="fg.muted">No webhooks yet.</Text>
            ) : (
              hooks.data.map((h) => (
                <Card.Root key={h.id} size="sm">
                  <Card.Body gap="2">
                    <HStack justify="space-between" gap="2" flexWrap="wrap">
                      <Text fontFamily="mono" fontSize="sm" wordBreak="break-all" flex="1" minW="0">
                        {h.url}
                      </Text>
                      <Badge colorPalette={h.status === "active" ? "green" : "red"}>{h.status === "active" ? "Active" : "Failing"}</Badge>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {h.events.join(", ")}
                    </Text>
                    <HStack gap="2">
                      <Button size="xs" variant="outline" onClick={() => setOpen(open === h.id ? null : h.id)} aria-expanded={open === h.id}>
                        {open === h.id ? "Hide deliveries" : "Deliveries"}
                      </Button>
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => void remove(h)} aria-label={`Delete ${h.url}`}>
                        Delete
                      </Button>
                    </HStack>
                    {open === h.id && <Deliveries hook={h} />}
                  </Card.Body>
                </Card.Root>
              ))
            )}
          </Stack>
        </>
      )}
    </PageLayout>
  );
}
