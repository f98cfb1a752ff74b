// The post editor's helpers (decision 227): Shorten, Adapt to the network and Suggest
// hashtags, deterministic on every engine (the server fits the draft to platforms/<id>/meta.ts and
// takes hashtags from the draft and the brain). Each is an edit that Undo takes back.
import { Button, HStack, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { Platform } from "../../../schema/api/common";
import type { AssistRequest, AssistResponse } from "../../../schema/api/writer";
import { notify } from "../../components/ui/toaster";
import { request } from "../../lib/api";

type Draft = { content: string; hashtags: string[] };
type Action = Extract<AssistRequest["action"], "shorten" | "adapt" | "hashtags">;

const LABELS: Record<Action, string> = { shorten: "Shorten", adapt: "Adapt to network", hashtags: "Suggest hashtags" };

function assistDraft(projectId: string, body: AssistRequest): Promise<AssistResponse> {
  return request<AssistResponse>(`/api/projects/${encodeURIComponent(projectId)}/assist`, { method: "POST", body: JSON.stringify(body) });
}

export function AssistBar({
  projectId,
  platform,
  draft,
  onApply,
}: {
  projectId: string | undefined;
  platform: Platform;
  draft: Draft;
  onApply: (draft: Draft) => void;
}) {
  const [busy, setBusy] = useState<Action | null>(null);
  // Drafts before each helper's edit, newest last: Undo restores them one by one.
  const [history, setHistory] = useState<Draft[]>([]);
  const blank = !draft.content.trim();

  const run = async (action: Action) => {
    if (!projectId || blank) return;
    setBusy(action);
    try {
      const res = await assistDraft(projectId, { action, content: draft.content, hashtags: draft.hashtags, platform });
      setHistory((h) => [...h, draft]);
      onApply({ content: res.content, hashtags: res.hashtags });
    } catch {
      notify.error("That helper could not run. Please try again.");
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

  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label="Writing helpers">
      {(Object.keys(LABELS) as Action[]).map((a) => (
        <Button key={a} size="xs" variant="outline" onClick={() => void run(a)} disabled={blank || !!busy || !projectId} loading={busy === a}>
          {LABELS[a]}
        </Button>
      ))}
      <Button size="xs" variant="ghost" onClick={undo} disabled={!history.length || !!busy}>
        Undo
      </Button>
      <Text fontSize="xs" color="fg.muted">
        From your draft and brand brain; nothing invented.
      </Text>
    </HStack>
  );
}
