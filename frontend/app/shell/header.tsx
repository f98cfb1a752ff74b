import { Box, Button, Flex, HStack, IconButton, Menu, Portal, Text } from "@chakra-ui/react";
import { BookOpen, ChartColumn, KeyRound, Library, LogOut, Send, Settings } from "lucide-react";
import { Link, useNavigate } from "react-router-dom";
import { useAuth } from "../auth-context";
import { BrandLogo } from "../../components/ui/brand-logo";
import { ProgressIndicator } from "./progress";
import { useShellActions } from "./shell-context";

export function Header() {
  const { project } = useAuth();
  const { openCreatePost, openSettings, viewOnboarding, logout } = useShellActions();
  const navigate = useNavigate();

  // onClick rather than Menu's onSelect: Enter on a highlighted item clicks it too.
  const onSelect = (value: string) => {
    if (value === "settings") openSettings();
    else if (value === "content") navigate("/content");
    else if (value === "analytics") navigate("/analytics");
    else if (value === "api-keys") navigate("/settings/api-keys");
    else if (value === "onboarding") void viewOnboarding();
    else if (value === "logout") void logout();
  };

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/90"
      backdropFilter="blur(8px)"
      borderBottomWidth="1px"
      px={{ base: "3", md: "6" }}
      h="16"
    >
      <Flex h="full" align="center" gap={{ base: "2", md: "4" }}>
        <Link to="/dashboard" aria-label="Brandpilot home">
          <BrandLogo compact />
        </Link>
        <Box w="1px" h="6" bg="border" display={{ base: "none", sm: "block" }} />
        <Text
          fontWeight="medium"
          color={project ? "fg" : "fg.muted"}
          truncate
          minW="0"
          maxW={{ base: "28", sm: "48", md: "xs" }}
          title={project?.name}
          data-testid="project-name"
        >
          {project?.name ?? "Loading..."}
        </Text>
        <ProgressIndicator />
        <HStack gap="2" ms="auto" flexShrink={0}>
          <Button colorPalette="brand" size="sm" onClick={openCreatePost} aria-label="Post Now">
            <Send size={16} aria-hidden />
            <Box as="span" display={{ base: "none", sm: "inline" }}>
              Post Now
            </Box>
          </Button>
          <Menu.Root positioning={{ placement: "bottom-end" }}>
            <Menu.Trigger asChild>
              <IconButton variant="ghost" size="sm" aria-label="Settings menu">
                <Settings size={18} />
              </IconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="52">
                  <Menu.Item value="settings" onClick={() => onSelect("settings")}>
                    <Settings size={16} aria-hidden /> Settings
                  </Menu.Item>
                  <Menu.Item value="content" onClick={() => onSelect("content")}>
                    <Library size={16} aria-hidden /> Content Library
                  </Menu.Item>
                  <Menu.Item value="analytics" onClick={() => onSelect("analytics")}>
                    <ChartColumn size={16} aria-hidden /> Analytics
                  </Menu.Item>
                  <Menu.Item value="api-keys" onClick={() => onSelect("api-keys")}>
                    <KeyRound size={16} aria-hidden /> API keys
                  </Menu.Item>
                  <Menu.Item value="onboarding" onClick={() => onSelect("onboarding")}>
                    <BookOpen size={16} aria-hidden /> View Onboarding
                  </Menu.Item>
                  <Menu.Separator />
                  <Menu.Item value="logout" onClick={() => onSelect("logout")} color="fg.error" _hover={{ bg: "bg.error", color: "fg.error" }}>
                    <LogOut size={16} aria-hidden /> Logout
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </HStack>
      </Flex>
    </Box>
  );
}
