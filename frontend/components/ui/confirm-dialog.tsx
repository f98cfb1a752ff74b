import { Button, Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";

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
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !busy && onCancel()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy} loadingText={busyText}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
