import { Badge, Box, Button, Card, Checkbox, CheckboxGroup, Field, Heading, HStack, Input, NativeSelect, Spinner, Stack, Text } from "@chakra-ui/react";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import { API_SCOPES, SCOPE_LABELS, createApiKeySchema, type ApiKeyDto, type ApiScope, type CreatedApiKey } from "../../../schema/api/api-keys";
import type { Project } from "../../../schema/api/projects";
import { SecretOnce } from "../../components/ui/secret-once";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError, fetcher, request } from "../../lib/api";
import { PageLayout } from "../../components/ui/page-layout";

// Settings -> API keys (decision 211): a user's keys for the public API and the MCP
// server. The secret is shown once, right after creation; the list shows each key's reach,
// scopes, expiry and last use, and revokes at once.
const KEYS_PATH = "/api/account/api-keys";
/** The first message per field, keyed like the API's `fields`. */
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[i.path.map(String).join(".") || "_"] ??= i.message;
  return out;
}
const when = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString() : none);

export default function ApiKeysPage() {
  const keys = useSWR<ApiKeyDto[]>(KEYS_PATH, fetcher, { shouldRetryOnError: false });
  const projects = useSWR<Project[]>("/api/projects", fetcher, { shouldRetryOnError: false });
  const [name, setName] = useState("");
  const [projectId, setProjectId] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["read"]);
  const [expires, setExpires] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = { name, project_id: projectId || null, scopes, expires_at: expires ? new Date(`${expires}T23:59:59`).toISOString() : null };
    const checked = createApiKeySchema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const key = await request<CreatedApiKey>(KEYS_PATH, { method: "POST", body: JSON.stringify(input) });
      setCreated(key);
      setName("");
      await keys.mutate();
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === "invalid_input") setErrors(err.fields ?? {});
      notify.error(err instanceof ApiRequestError && err.code === "invalid_input" ? err.message : "Failed to create the API key");
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (key: ApiKeyDto) => {
    try {
      await request(`${KEYS_PATH}/${encodeURIComponent(key.id)}`, { method: "DELETE" });
      await keys.mutate();
      notify.success(`Revoked "${key.name}"`);
    } catch {
      notify.error("Failed to revoke the API key");
    }
  };

  return (
    <PageLayout
      title="API keys"
      description="Keys let your tools and AI assistants use Brandpilot's public API and MCP server. A key acts as you, within its scopes."
    >
      {created && (
        <SecretOnce title="Copy your new key now: it is shown only once." value={created.key} what="key" testId="new-api-key" onDone={() => setCreated(null)} />
      )}

      <Card.Root>
        <Card.Body as="form" onSubmit={(e: React.FormEvent) => void create(e)} gap="4">
          <Heading as="h2" size="md">
            Create a key
          </Heading>
          <Field.Root invalid={!!errors.name}>
            <Field.Label>Name</Field.Label>
            <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Zapier, my agent..." maxLength={100} />
            <Field.ErrorText>{errors.name}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Project</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={projectId} onChange={(e) => setProjectId(e.target.value)} aria-label="Project">
                <option value="">All my projects</option>
                {(projects.data ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={!!errors.scopes}>
            <Field.Label>Scopes</Field.Label>
            <CheckboxGroup value={scopes} onValueChange={(v) => setScopes(v as ApiScope[])} name="scopes">
              <HStack gap="4" flexWrap="wrap">
                {API_SCOPES.map((s) => (
                  <Checkbox.Root key={s} value={s} colorPalette="brand">
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{SCOPE_LABELS[s]}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </HStack>
            </CheckboxGroup>
            <Field.ErrorText>{errors.scopes}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.expires_at} maxW="xs">
            <Field.Label>Expires (optional)</Field.Label>
            <Input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
            <Field.ErrorText>{errors.expires_at}</Field.ErrorText>
          </Field.Root>
          <Box>
            <Button type="submit" colorPalette="brand" loading={busy}>
              <KeyRound size={16} aria-hidden /> Create key
            </Button>
          </Box>
        </Card.Body>
      </Card.Root>

      <Stack gap="3">
        <Heading as="h2" size="md">
          Your keys
        </Heading>
        {keys.error ? (
          <Text color="fg.error">Failed to load your API keys.</Text>
        ) : !keys.data ? (
          <Spinner aria-label="Loading API keys" />
        ) : keys.data.length === 0 ? (
          <Text color="fg.muted">No API keys yet.</Text>
        ) : (
          keys.data.map((k) => (
            <Card.Root key={k.id} size="sm" opacity={k.revoked_at ? 0.6 : 1}>
              <Card.Body gap="1">
                <HStack justify="space-between" gap="2" flexWrap="wrap">
                  <Text fontWeight="semibold">{k.name}</Text>
                  {k.revoked_at ? (
                    <Badge colorPalette="gray">Revoked</Badge>
                  ) : (
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => void revoke(k)} aria-label={`Revoke ${k.name}`}>
                      Revoke
                    </Button>
                  )}
                </HStack>
                <Text fontSize="sm" fontFamily="mono" color="fg.muted">
                  {k.prefix}…
                </Text>
                <Text fontSize="sm">
                  {k.project_name ?? "All my projects"} · {k.scopes.map((s) => SCOPE_LABELS[s]).join(", ")}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  Last used: {when(k.last_used_at, "never")} · Expires: {when(k.expires_at, "never")}
                </Text>
              </Card.Body>
            </Card.Root>
          ))
        )}
      </Stack>
    </PageLayout>
  );
}
