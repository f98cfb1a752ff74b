import { Box, Button, Flex, HStack, IconButton, Menu, Portal, Text } from "@chakra-ui/react";
import { BookOpen, ChartColumn, Check, ChevronDown, History, KeyRound, Library, LogOut, Plus, Rss, Send, Settings, Users, Webhook } from "lucide-react";
import { can, ROLE_LABELS } from "../../../schema/api/permissions";
import { Link, useNavigate } from "react-router-dom";
import { useAuth } from "../../lib/auth-context";
import { BrandLogo } from "../../components/ui/brand-logo";
import { ProgressIndicator } from "./progress";
import { useShellActions } from "./shell-context";

/**
 * The project name opens the brand switcher (decision 200): the user's projects (current one checked),
 * "New project" (the wizard) and "Project settings". Switching is instant and remembered per browser.
 */
function ProjectSwitcher() {
  const { project, projects, switchProject } = useAuth();
  const navigate = useNavigate();
  if (!project) {
    return (
      <Text fontWeight="medium" color="fg.muted" data-testid="project-name">
        Loading...
      </Text>
    );
  }
  return (
    <Menu.Root positioning={{ placement: "bottom-start" }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="2" minW="0" maxW={{ base: "32", sm: "52", md: "xs" }} aria-label={`Project: ${project.name}. Switch project`}>
          <Text as="span" fontWeight="medium" truncate title={project.name} data-testid="project-name">
            {project.name}
          </Text>
          <ChevronDown size={14} aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60" maxH="80vh" overflowY="auto">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Projects</Menu.ItemGroupLabel>
              {projects.map((p) => (
                <Menu.Item key={p.id} value={`project:${p.id}`} onClick={() => switchProject(p.id)} aria-checked={p.id === project.id} role="menuitemradio">
                  <Box w="4" flexShrink={0}>
                    {p.id === project.id ? <Check size={16} aria-hidden /> : null}
                  </Box>
                  <Text as="span" truncate flex="1">
                    {p.name}
                  </Text>
                  {p.role !== "owner" ? (
                    <Text as="span" fontSize="xs" color="fg.muted">
                      {ROLE_LABELS[p.role]}
                    </Text>
                  ) : null}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="new-project" onClick={() => navigate("/onboarding?new=1")}>
              <Plus size={16} aria-hidden /> New project
            </Menu.Item>
            <Menu.Item value="project-settings" onClick={() => navigate("/settings/project")}>
              <Settings size={16} aria-hidden /> Project settings
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function Header() {
  const { openCreatePost, openSettings, viewOnboarding, logout } = useShellActions();
  const navigate = useNavigate();
  // A Reviewer publishes nothing (decision 200): no Post Now for them.
  const { project } = useAuth();

  // onClick rather than Menu's onSelect: Enter on a highlighted item clicks it too.
  const onSelect = (value: string) => {
    if (value === "settings") openSettings();
    else if (value === "content") navigate("/content");
    else if (value === "analytics") navigate("/analytics");
    else if (value === "api-keys") navigate("/settings/api-keys");
    else if (value === "webhooks") navigate("/settings/webhooks");
    else if (value === "feeds") navigate("/settings/feeds");
    else if (value === "team") navigate("/settings/team");
    else if (value === "activity") navigate("/settings/activity");
    else if (value === "onboarding") void viewOnboarding();
    else if (value === "logout") void logout();
  };

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/90" backdropFilter="blur(8px)" borderBottomWidth="1px" px={{ base: "3", md: "6" }} h="16">
      <Flex h="full" align="center" gap={{ base: "2", md: "4" }}>
        <Link to="/dashboard" aria-label="Brandpilot home">
          <BrandLogo compact />
        </Link>
        <Box w="1px" h="6" bg="border" display={{ base: "none", sm: "block" }} />
        <ProjectSwitcher />
        <ProgressIndicator />
        <HStack gap="2" ms="auto" flexShrink={0}>
          {(!project || can(project.role, "edit")) && (
            <Button colorPalette="brand" size="sm" onClick={openCreatePost} aria-label="Post Now">
              <Send size={16} aria-hidden />
              <Box as="span" display={{ base: "none", sm: "inline" }}>
                Post Now
              </Box>
            </Button>
          )}
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
                  <Menu.Item value="team" onClick={() => onSelect("team")}>
                    <Users size={16} aria-hidden /> Team
                  </Menu.Item>
                  <Menu.Item value="activity" onClick={() => onSelect("activity")}>
                    <History size={16} aria-hidden /> Activity
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
                  <Menu.Item value="webhooks" onClick={() => onSelect("webhooks")}>
                    <Webhook size={16} aria-hidden /> Webhooks
                  </Menu.Item>
                  <Menu.Item value="feeds" onClick={() => onSelect("feeds")}>
                    <Rss size={16} aria-hidden /> Feeds
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
