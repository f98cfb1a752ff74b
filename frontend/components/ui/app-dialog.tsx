import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";

type RootOptions = Pick<Dialog.RootProps, "size" | "scrollBehavior" | "role" | "initialFocusEl" | "closeOnInteractOutside">;

export type AppDialogProps = RootOptions & {
  /** Open unless told otherwise: most dialogs are mounted only while open. */
  open?: boolean;
  /** Esc, the backdrop and the close button ask for this; ignored while `busy`. */
  onClose: () => void;
  /** An action is running: the dialog cannot be dismissed until it ends. */
  busy?: boolean;
  title: ReactNode;
  /** The buttons under the body (Cancel first, the action last). */
  footer?: ReactNode;
  /** A close button in the corner; alert dialogs leave it out (Cancel is their way out). */
  closeButton?: boolean;
  children: ReactNode;
};

/**
 * Brandpilot's dialog: centred, inset from a phone's edges, a title, a body and a footer. Every
 * dialog of the SPA is one of these, so they open, close and lay out alike.
 */
export function AppDialog({ open = true, onClose, busy = false, title, footer, closeButton = false, children, ...root }: AppDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !busy && onClose()} placement="center" {...root}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" disabled={busy} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
