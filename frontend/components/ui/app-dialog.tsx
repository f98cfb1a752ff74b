import { CloseButton, Dialog, HStack, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";

type RootOptions = Pick<Dialog.RootProps, "scrollBehavior" | "role" | "initialFocusEl" | "closeOnInteractOutside" | "lazyMount" | "unmountOnExit">;
type Size = "xs" | "sm" | "md" | "lg" | "xl";

export type AppDialogProps = RootOptions & {
  /** Open unless told otherwise: most dialogs are mounted only while open. */
  open?: boolean;
  /** Esc, the backdrop and the close button ask for this; ignored while `busy`. */
  onClose: () => void;
  /** An action is running: the dialog cannot be dismissed until it ends. */
  busy?: boolean;
  /** The dialog's width (from `fullBelow` up when that is given). */
  size?: Size;
  /**
   * Fills the screen below this breakpoint (a phone: "sm"; a phone or a small tablet: "md"), for
   * dialogs with a long form or a drop zone; above it the dialog is centred at `size`.
   */
  fullBelow?: "sm" | "md";
  title: ReactNode;
  /** Beside the title, before and after it (a network's icon, a status badge). */
  titleStart?: ReactNode;
  titleEnd?: ReactNode;
  /** The buttons under the body (Cancel first, the action last). */
  footer?: ReactNode;
  /** A close button in the corner; alert dialogs leave it out (Cancel is their way out). */
  closeButton?: boolean;
  /** The close button's accessible name. */
  closeLabel?: string;
  children: ReactNode;
};

/**
 * Brandpilot's dialog: centred, inset from a phone's edges (or filling a phone's screen), a title, a
 * body and a footer. Every dialog of the SPA is one of these, so they open, close and lay out alike.
 */
export function AppDialog({
  open = true,
  onClose,
  busy = false,
  size,
  fullBelow,
  title,
  titleStart,
  titleEnd,
  footer,
  closeButton = false,
  closeLabel = "Close",
  children,
  ...root
}: AppDialogProps) {
  const heading = <Dialog.Title>{title}</Dialog.Title>;
  const width = size ?? "md";
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && !busy && onClose()}
      placement="center"
      size={fullBelow === "sm" ? { smDown: "full", sm: width } : fullBelow === "md" ? { mdDown: "full", md: width } : size}
      {...root}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={fullBelow ? undefined : "4"}>
            <Dialog.Header>
              {titleStart || titleEnd ? (
                <HStack gap="2">
                  {titleStart}
                  {heading}
                  {titleEnd}
                </HStack>
              ) : (
                heading
              )}
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={closeLabel} disabled={busy} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
