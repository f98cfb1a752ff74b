// The post editor's helpers, one component for Create Post and the post detail (decisions 227,
// 260): Rewrite, Shorten, Change tone (the five brand voices), Adapt for the network and Suggest
// hashtags. Each is an edit of the draft that Undo takes back, newest first. Shorten, Adapt and
// hashtags are deterministic on every engine; Rewrite and Change tone need an LLM engine, so on the
// local engine (GET /api/projects/:id/assist lists what the engine can run) they are shown disabled
// as "Needs an AI engine".
import { Button, HStack, NativeSelect, Text } from "@chakra-ui/react";
import { useId, useState } from "react";
import useSWR from "swr";
import { networkName } from "../../../platforms/registry";
import type { Platform } from "../../../schema/api/common";
import type { AssistRequest } from "../../../schema/api/writer";
import { notify } from "../ui/toaster";
import { ApiRequestError, fetcher } from "../../lib/api";
import { assistCapabilitiesKey, assistDraft, type AssistCapabilities } from "../../lib/api/writer";

export type HelperDraft = { content: string; hashtags: string[] };
type Action = AssistRequest["action"];

/** What the project's engine can run (decision 259); undefined while loading. */
function useCapabilities(projectId: string | undefined): AssistCapabilities | undefined {
  const { data } = useSWR<AssistCapabilities>(projectId ? assistCapabilitiesKey(projectId) : null, fetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return data;
}

// The engine refused a helper it cannot run (it changed since the list was read): the same
// "needs an AI engine" state, rather than a retry that cannot succeed. The SPA switches on the code.
const refusedAsUnavailable = (err: unknown) => err instanceof ApiRequestError && err.code === "needs_ai_engine";

export function PostHelpers({
  projectId,
  platform,
  draft,
  onApply,
}: {
  projectId: string | undefined;
  platform: Platform;
  draft: HelperDraft;
  onApply: (draft: HelperDraft) => void;
}) {
  const [busy, setBusy] = useState<Action | null>(null);
  // Drafts before each helper's edit, newest last: Undo restores them one by one.
  const [history, setHistory] = useState<HelperDraft[]>([]);
  const [refused, setRefused] = useState(false);
  const capabilities = useCapabilities(projectId);
  const llm = capabilities ? capabilities.available.includes("rewrite") && capabilities.available.includes("tone") : null;
  const noteId = useId();
  const blank = !draft.content.trim();
  const llmReady = llm === true && !refused;
  const base = { content: draft.content, hashtags: draft.hashtags, platform };

  const run = async (body: AssistRequest) => {
    if (!projectId || blank) return;
    setBusy(body.action);
    try {
      const res = await assistDraft(projectId, body);
      setHistory((h) => [...h, draft]);
      onApply({ content: res.content, hashtags: res.hashtags });
    } catch (err) {
      if ((body.action === "rewrite" || body.action === "tone") && refusedAsUnavailable(err)) {
        setRefused(true);
        notify.error("Rewrite and Change tone need an AI engine");
      } else notify.error("That helper could not run. Please try again.");
    } finally {
      setBusy(null);
    }
  };
  const undo = () => {
    const last = history.at(-1);
    if (!last) return;
    setHistory((h) => h.slice(0, -1));
    onApply(last);
  };
  const off = blank || !!busy || !projectId;

  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label="Writing helpers">
      <Button
        size="xs"
        variant="outline"
        onClick={() => void run({ ...base, action: "rewrite" })}
        disabled={off || !llmReady}
        loading={busy === "rewrite"}
        aria-describedby={llmReady ? undefined : noteId}
      >
        Rewrite
      </Button>
      <Button size="xs" variant="outline" onClick={() => void run({ ...base, action: "shorten" })} disabled={off} loading={busy === "shorten"}>
        Shorten
      </Button>
      <NativeSelect.Root size="xs" width="auto" disabled={off || !llmReady}>
        <NativeSelect.Field
          aria-label="Change tone"
          aria-describedby={llmReady ? undefined : noteId}
          value=""
          onChange={(e) => {
            const tone = capabilities?.tones.find((t) => t.value === e.currentTarget.value)?.value;
            if (tone) void run({ ...base, action: "tone", tone });
          }}
        >
          <option value="">{busy === "tone" ? "Changing tone..." : "Change tone"}</option>
          {(capabilities?.tones ?? []).map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="xs" variant="outline" onClick={() => void run({ ...base, action: "adapt" })} disabled={off} loading={busy === "adapt"}>
        Adapt for {networkName(platform)}
      </Button>
      <Button size="xs" variant="outline" onClick={() => void run({ ...base, action: "hashtags" })} disabled={off} loading={busy === "hashtags"}>
        Suggest hashtags
      </Button>
      <Button size="xs" variant="ghost" onClick={undo} disabled={!history.length || !!busy}>
        Undo
      </Button>
      {llm !== null && !llmReady && (
        <Text id={noteId} fontSize="xs" color="fg.muted" data-testid="needs-ai-engine">
          Rewrite, Change tone: Needs an AI engine
        </Text>
      )}
    </HStack>
  );
}
