import { Button, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { AccountChoice } from "../../../schema/api/social";
import { AppDialog } from "../../components/ui/app-dialog";

// The last step of a connect that asks which account to use (`connect.choose`: which Page). The
// options come from the server; nothing is connected until one is picked.
export function AccountChoiceDialog({
  networkName,
  choice,
  onCancel,
  onChoose,
}: {
  networkName: string;
  choice: AccountChoice | null;
  onCancel: () => void;
  onChoose: (optionId: string) => Promise<void>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const pick = async (id: string) => {
    setBusy(id);
    try {
      await onChoose(id);
    } finally {
      setBusy(null);
    }
  };
  return (
    <AppDialog
      open={!!choice}
      onClose={onCancel}
      busy={!!busy}
      title={`Choose a ${networkName} Page`}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={!!busy}>
            Cancel
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text color="fg.muted">Brandpilot will post to the Page you choose.</Text>
        <Stack as="ul" gap="2" listStyleType="none" aria-label={`${networkName} Pages`}>
          {(choice?.options ?? []).map((o) => (
            <li key={o.id}>
              <Button
                w="full"
                justifyContent="flex-start"
                variant="outline"
                loading={busy === o.id}
                loadingText="Connecting..."
                disabled={!!busy && busy !== o.id}
                onClick={() => void pick(o.id)}
                aria-label={`Post to ${o.name}`}
              >
                {o.name}
              </Button>
            </li>
          ))}
        </Stack>
      </Stack>
    </AppDialog>
  );
}
