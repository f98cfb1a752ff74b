// What a signed-in screen paints while the session, the shell's code and the screen's data load:
// the shell's frame (side navigation, header, mobile bar) at the exact geometry of app-shell.tsx
// and grey blocks for the content, instead of a blank page with a spinner. A small chunk of its own
// (only Box), which main.tsx starts fetching at start-up on the shell's paths, so it paints while
// the session request is still out, without adding to the initial JS of / and /login.
// Keep its sizes in step with app-shell.tsx, side-nav.tsx, header.tsx and mobile-nav.tsx: the
// real shell then replaces it without moving anything (test/frontend/shell-skeleton.test.tsx).
import { Box, type BoxProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { MAIN_BOTTOM_PADDING } from "../../lib/floating-clearance";
import { SIDE_NAV_COLLAPSED_ATTR, SIDE_NAV_WIDTH } from "../../lib/side-nav-state";

/** One grey placeholder block; pulses unless the user prefers reduced motion. */
export function Bone(props: BoxProps) {
  return <Box bg="gray.200" rounded="md" animation="pulse" _motionReduce={{ animation: "none" }} w="full" {...props} />;
}

/** The content area of a signed-in screen while it loads (the dashboard's layout). */
export function ContentSkeleton() {
  return (
    <Box
      display="flex"
      flexDirection="column"
      p={{ base: "4", md: "8" }}
      gap="8"
      w="full"
      maxW="6xl"
      mx="auto"
      role="status"
      aria-busy="true"
      data-testid="content-skeleton"
    >
      <Box as="span" srOnly>
        Loading...
      </Box>
      <Box display="flex" flexDirection="column" gap="2">
        <Bone h="9" w="56" />
        <Bone h="5" w="32" />
      </Box>
      <Box display="grid" gridTemplateColumns={{ base: "1fr", md: "repeat(3, 1fr)" }} gap="4">
        <Bone h="28" rounded="xl" />
        <Bone h="28" rounded="xl" />
        <Bone h="28" rounded="xl" />
      </Box>
      <Box display="grid" gridTemplateColumns={{ base: "1fr", sm: "repeat(3, 1fr)" }} gap="4">
        <Bone h="32" rounded="xl" />
        <Bone h="32" rounded="xl" />
        <Bone h="32" rounded="xl" />
      </Box>
      <Bone h="64" rounded="xl" />
    </Box>
  );
}

/**
 * The whole signed-in frame with a content skeleton (or `children`, the dashboard's frame):
 * shown before the session is known. The navigation's width is CSS keyed on <html>'s attribute
 * (side-nav-state.ts), not read here: the same markup is built into dashboard.html (decision 167).
 */
export function ShellSkeleton({ children = <ContentSkeleton /> }: { children?: ReactNode }) {
  return (
    <Box display="flex" minH="100dvh" bg="gray.50" data-testid="shell-skeleton">
      <Box
        aria-hidden
        data-testid="side-nav-skeleton"
        display={{ base: "none", md: "flex" }}
        flexDirection="column"
        flexShrink={0}
        w={`${SIDE_NAV_WIDTH.expanded}px`}
        css={{ [`html[${SIDE_NAV_COLLAPSED_ATTR}] &`]: { width: `${SIDE_NAV_WIDTH.collapsed}px` } }}
        h="100dvh"
        position="sticky"
        top="0"
        bg="bg"
        borderRightWidth="1px"
      >
        <Box h="16" borderBottomWidth="1px" />
        <Box display="flex" flexDirection="column" gap="1" p="3">
          {[0, 1, 2, 3, 4].map((i) => (
            <Bone key={i} h="11" rounded="lg" />
          ))}
        </Box>
      </Box>
      <Box display="flex" flexDirection="column" flex="1" minW="0">
        <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/90" borderBottomWidth="1px" px={{ base: "3", md: "6" }} h="16">
          <Box display="flex" h="full" alignItems="center" gap={{ base: "2", md: "4" }}>
            {/* The logo's mark (components/ui/brand-logo.tsx) without its word: no Text in this chunk. */}
            <Box as="span" flexShrink={0} aria-hidden>
              <svg width="28" height="28" viewBox="0 0 32 32" role="presentation">
                <rect width="32" height="32" rx="8" fill="#4f46e5" />
                <path d="M9 22l7-13 7 13" stroke="white" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </Box>
            <Bone h="6" w="28" flexShrink={0} display={{ base: "none", sm: "block" }} />
            <Box w="1px" h="6" bg="border" display={{ base: "none", sm: "block" }} />
            <Bone h="5" w={{ base: "28", sm: "40" }} flexShrink={0} />
            <Bone h="8" w={{ base: "10", sm: "28" }} rounded="lg" flexShrink={0} ms="auto" />
          </Box>
        </Box>
        <Box as="main" id="main-content" flex="1" minW="0" pb={MAIN_BOTTOM_PADDING}>
          {children}
        </Box>
      </Box>
      <Box aria-hidden display={{ base: "block", md: "none" }} position="fixed" insetX="0" bottom="0" h="16" bg="bg" borderTopWidth="1px" />
    </Box>
  );
}
