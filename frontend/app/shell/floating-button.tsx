import { Box, Button, chakra, Stack, Text } from "@chakra-ui/react";
import { Brain, Megaphone, Send, Sparkles, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useNavigate } from "react-router-dom";
import { useShellActions } from "./shell-context";
import { useAuth } from "../../lib/auth-context";
import { can } from "../../../schema/api/permissions";
import { FAB_BOTTOM_OFFSET, FAB_SIZE } from "../../lib/floating-clearance";

const MARGIN = 12;
/** Pointer travel (px) below which a press counts as a tap, not a drag. */
const DRAG_THRESHOLD = 6;

type Point = { x: number; y: number };

function viewport() {
  return { w: window.innerWidth, h: window.innerHeight };
}

function clampToViewport(p: Point, size = FAB_SIZE): Point {
  const { w, h } = viewport();
  return {
    x: Math.min(Math.max(MARGIN, p.x), Math.max(MARGIN, w - size - MARGIN)),
    y: Math.min(Math.max(MARGIN, p.y), Math.max(MARGIN, h - size - MARGIN)),
  };
}

export function initialPosition(): Point {
  const { w, h } = viewport();
  // Bottom right, above the bottom navigation bar, inside the band the main area leaves free.
  return clampToViewport({ x: w - FAB_SIZE - 16, y: h - FAB_SIZE - FAB_BOTTOM_OFFSET });
}

/** Mobile only: a round button the user can drag anywhere; a tap opens "Quick actions". */
export function FloatingButton() {
  const navigate = useNavigate();
  const { openCreatePost } = useShellActions();
  // A Reviewer creates nothing (decision 200).
  const { project } = useAuth();
  const mayEdit = !project || can(project.role, "edit");
  // Where the user dragged it; null until then. What is shown is computed for the viewport of the
  // moment: an untouched button stays bottom right inside the band left free for it (decision 241)
  // however the viewport changes (rotation, the address bar, a split screen), and a dragged one is
  // clamped without forgetting where it was put. Storing the clamped point lost it: one small
  // viewport moved the button to the top left for good, over the logo.
  const [placed, setPlaced] = useState<Point | null>(null);
  const [, setViewport] = useState(viewport);
  const pos = placed ? clampToViewport(placed) : initialPosition();
  const [open, setOpen] = useState(false);
  const drag = useRef<{ id: number; start: Point; origin: Point; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onResize = () => setViewport(viewport());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  const close = useCallback((refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>("button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close();
    };
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panelRef.current?.contains(t) && !buttonRef.current?.contains(t)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [open, close]);

  const onPointerDown = (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    drag.current = { id: e.pointerId, start: { x: e.clientX, y: e.clientY }, origin: pos, moved: false };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.start.x;
    const dy = e.clientY - d.start.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    d.moved = true;
    setPlaced(clampToViewport({ x: d.origin.x + dx, y: d.origin.y + dy }));
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
    // A drag ends with a click event too; it must not toggle the panel.
    suppressClick.current = d.moved;
  };
  const onClick = () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    setOpen((o) => !o);
  };

  const run = (fn: () => void) => {
    close(false);
    fn();
  };

  // The panel opens above the button when there is room, else below; it stays on screen.
  const panelWidth = 240;
  const { w, h } = viewport();
  const panelLeft = Math.min(Math.max(MARGIN, pos.x + FAB_SIZE - panelWidth), Math.max(MARGIN, w - panelWidth - MARGIN));
  const above = pos.y > h / 2;

  return (
    <Box display={{ base: "block", md: "none" }}>
      <chakra.button
        ref={buttonRef}
        type="button"
        aria-label={open ? "Close quick actions" : "Quick actions"}
        aria-expanded={open}
        aria-controls="quick-actions"
        data-testid="floating-button"
        position="fixed"
        zIndex="overlay"
        style={{ left: pos.x, top: pos.y, width: FAB_SIZE, height: FAB_SIZE, touchAction: "none" }}
        rounded="full"
        bg="brand.600"
        color="white"
        shadow="lg"
        display="flex"
        alignItems="center"
        justifyContent="center"
        cursor="grab"
        userSelect="none"
        _active={{ cursor: "grabbing", bg: "brand.700" }}
        _focusVisible={{ outline: "3px solid", outlineColor: "brand.300", outlineOffset: "2px" }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        onClick={onClick}
      >
        {open ? <X size={24} /> : <Sparkles size={24} />}
      </chakra.button>
      {open && (
        <Box
          ref={panelRef}
          id="quick-actions"
          role="dialog"
          aria-label="Quick actions"
          position="fixed"
          zIndex="popover"
          bg="bg"
          rounded="xl"
          shadow="xl"
          borderWidth="1px"
          p="3"
          style={{
            left: panelLeft,
            width: panelWidth,
            ...(above ? { bottom: h - pos.y + 8 } : { top: pos.y + FAB_SIZE + 8 }),
          }}
        >
          <Text fontSize="xs" fontWeight="semibold" color="fg.subtle" textTransform="uppercase" letterSpacing="wider" mb="2" px="1">
            Quick actions
          </Text>
          <Stack gap="1">
            {mayEdit && (
              <Button variant="ghost" justifyContent="flex-start" onClick={() => run(openCreatePost)}>
                <Send size={18} aria-hidden /> Post Now
              </Button>
            )}
            {mayEdit && (
              <Button variant="ghost" justifyContent="flex-start" onClick={() => run(() => navigate("/campaigns/new"))}>
                <Megaphone size={18} aria-hidden /> New Campaign
              </Button>
            )}
            <Button variant="ghost" justifyContent="flex-start" onClick={() => run(() => navigate("/brain"))}>
              <Brain size={18} aria-hidden /> Feed Brain
            </Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
