import { Box, Flex } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { Outlet } from "react-router-dom";
import { SkipLink } from "../../components/ui/skip-link";
import { FloatingButton } from "./floating-button";
import { MAIN_BOTTOM_PADDING } from "../../lib/floating-clearance";
import { Header } from "./header";
import { MobileNav } from "./mobile-nav";
import { ShellContext } from "./shell-context";
import { ContentSkeleton } from "../../components/ui/shell-skeleton";
import { SideNav } from "./side-nav";
import { useShellState } from "./use-shell-state";

// Owned by the posts and projects areas; loaded the first time they are opened.
const CreatePostDialog = lazy(() => import("../../features/posts/create-post-dialog"));
const ProjectSettingsDialog = lazy(() => import("../../features/settings/project-settings-dialog"));

/** Header, side navigation, mobile bottom navigation and the floating button around a screen. */
export default function AppShell() {
  const { actions, createPost, settings } = useShellState();

  return (
    <ShellContext.Provider value={actions}>
      <SkipLink href="#main-content">Skip to main content</SkipLink>
      <Flex minH="100dvh" bg="gray.50">
        <SideNav />
        <Flex direction="column" flex="1" minW="0">
          <Header />
          <Box as="main" id="main-content" tabIndex={-1} flex="1" minW="0" pb={MAIN_BOTTOM_PADDING} _focusVisible={{ outline: "none" }}>
            <Suspense fallback={<ContentSkeleton />}>
              <Outlet />
            </Suspense>
          </Box>
        </Flex>
      </Flex>
      <MobileNav />
      <FloatingButton />
      <Suspense fallback={null}>
        {createPost.used && <CreatePostDialog open={createPost.open} onOpenChange={createPost.onOpenChange} />}
        {settings.used && <ProjectSettingsDialog open={settings.open} onOpenChange={settings.onOpenChange} />}
      </Suspense>
    </ShellContext.Provider>
  );
}
