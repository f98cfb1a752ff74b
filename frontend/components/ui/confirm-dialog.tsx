import { Button } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { AppDialog } from "./app-dialog";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** While the action runs the dialog cannot be dismissed and the confirm button shows `busyText`. */
  busy?: boolean;
  busyText?: string;
};

/** A destructive action's "are you sure" step: Cancel, or a red confirm button. */
export function ConfirmDialog({ open, title, children, confirmLabel, onCancel, onConfirm, busy = false, busyText }: Props) {
  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      busy={busy}
      role="alertdialog"
      title={`${title}`}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button colorPalette="red" onClick={onConfirm} loading={busy} loadingText={busyText}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </AppDialog>
  );
}
