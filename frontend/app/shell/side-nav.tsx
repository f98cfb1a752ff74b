import { Box, chakra, IconButton, Portal, Stack, Text, Tooltip } from "@chakra-ui/react";
import { BookOpen, ChartColumn, CirclePlus, LogOut, PanelLeftClose, PanelLeftOpen, Settings, type LucideIcon } from "lucide-react";
import { useState, type ComponentProps, type ReactNode } from "react";
import { NavLink } from "react-router-dom";
import { NAV_ITEMS } from "./nav-items";
import { useShellActions } from "./shell-context";
import { useAuth } from "../../lib/auth-context";
import { can } from "../../../schema/api/permissions";
import { readCollapsed, SIDE_NAV_WIDTH, writeCollapsed } from "../../lib/side-nav-state";

const itemStyles = {
  display: "flex",
  alignItems: "center",
  gap: "3",
  w: "full",
  h: "11",
  px: "3",
  rounded: "lg",
  fontSize: "sm",
  fontWeight: "medium",
  color: "fg.muted",
  textAlign: "start",
  cursor: "pointer",
  transition: "background 0.15s, color 0.15s",
  _hover: { bg: "gray.100", color: "fg" },
  _focusVisible: { outline: "2px solid", outlineColor: "brand.500", outlineOffset: "2px" },
} as const;

const StyledNavLink = chakra(NavLink);

/**
 * Wraps an item in a tooltip while the navigation is collapsed. Expanded, the item shows its own
 * label and gets no tooltip at all: each tooltip starts a state machine that tracks focus, start-up
 * work on every page, even on a phone, where this navigation is not shown.
 */
function WithTip({ label, collapsed, children }: { label: string; collapsed: boolean; children: ReactNode }) {
  if (!collapsed) return children;
  return (
    <Tooltip.Root positioning={{ placement: "right" }} openDelay={150}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      {/* In a portal: the navigation clips its overflow while it animates its width. */}
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

function ItemLabel({ collapsed, icon: Icon, children }: { collapsed: boolean; icon: LucideIcon; children: string }) {
  return (
    <>
      <Box as="span" flexShrink={0} display="inline-flex" aria-hidden>
        <Icon size={20} />
      </Box>
      {!collapsed && (
        <Text as="span" truncate>
          {children}
        </Text>
      )}
    </>
  );
}

type NavItemLinkProps = { to: string; end?: boolean; label: string; icon: LucideIcon; collapsed: boolean } & Omit<ComponentProps<"a">, "children">;

/**
 * One link of the navigation; collapsed, only its icon shows and the label names it. The other
 * props (a tooltip trigger's ref, handlers and data-state) reach the link element.
 */
function NavItemLink({ to, end, label, icon, collapsed, ...trigger }: NavItemLinkProps) {
  return (
    <StyledNavLink
      {...trigger}
      to={to}
      end={end}
      aria-label={collapsed ? label : undefined}
      {...itemStyles}
      justifyContent={collapsed ? "center" : "flex-start"}
      _currentPage={{ bg: "brand.50", color: "brand.700", fontWeight: "semibold" }}
    >
      <ItemLabel collapsed={collapsed} icon={icon}>
        {label}
      </ItemLabel>
    </StyledNavLink>
  );
}

/** Desktop side navigation (>= 768 px), collapsible between 280 px and 80 px. */
export function SideNav() {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const { openCreatePost, openSettings, viewOnboarding, logout } = useShellActions();
  const { project } = useAuth();

  const toggle = () => {
    setCollapsed((c) => {
      writeCollapsed(!c);
      return !c;
    });
  };

  // Analytics is a screen now (docs/architecture.md, "Where this design departs"): a link, like the header menu's.
  const actions: ({ label: string; icon: LucideIcon; danger?: boolean } & ({ onClick: () => void } | { to: string }))[] = [
    // A Reviewer creates nothing (decision 200).
    ...(!project || can(project.role, "edit") ? [{ label: "Create New Post", icon: CirclePlus, onClick: openCreatePost }] : []),
    { label: "Settings", icon: Settings, onClick: openSettings },
    { label: "Analytics", icon: ChartColumn, to: "/analytics" },
    { label: "View Onboarding", icon: BookOpen, onClick: () => void viewOnboarding() },
    { label: "Logout", icon: LogOut, onClick: () => void logout(), danger: true },
  ];

  const width = collapsed ? SIDE_NAV_WIDTH.collapsed : SIDE_NAV_WIDTH.expanded;

  return (
    <Box
      as="nav"
      aria-label="Main navigation"
      data-testid="side-nav"
      data-collapsed={collapsed ? "true" : "false"}
      display={{ base: "none", md: "flex" }}
      flexDirection="column"
      flexShrink={0}
      style={{ width: `${width}px` }}
      h="100dvh"
      position="sticky"
      top="0"
      bg="bg"
      borderRightWidth="1px"
      transition="width 0.2s ease"
      overflowX="hidden"
      overflowY="auto"
    >
      <Box px="4" h="16" display="flex" alignItems="center" justifyContent={collapsed ? "center" : "space-between"} borderBottomWidth="1px">
        {!collapsed && (
          <Text fontSize="xs" fontWeight="semibold" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
            Menu
          </Text>
        )}
        <IconButton variant="ghost" size="sm" onClick={toggle} aria-label={collapsed ? "Expand navigation" : "Collapse navigation"} aria-expanded={!collapsed}>
          {collapsed ? <PanelLeftOpen size={18} /> : <PanelLeftClose size={18} />}
        </IconButton>
      </Box>

      <Stack as="ul" listStyleType="none" gap="1" p="3" m="0">
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <WithTip label={item.label} collapsed={collapsed}>
              <NavItemLink to={item.to} end={item.end} label={item.label} icon={item.icon} collapsed={collapsed} />
            </WithTip>
          </li>
        ))}
      </Stack>

      <Stack as="ul" listStyleType="none" gap="1" p="3" m="0" mt="auto" borderTopWidth="1px">
        {actions.map((a) => (
          <li key={a.label}>
            <WithTip label={a.label} collapsed={collapsed}>
              {"to" in a ? (
                <NavItemLink to={a.to} label={a.label} icon={a.icon} collapsed={collapsed} />
              ) : (
                <chakra.button
                  type="button"
                  onClick={a.onClick}
                  aria-label={collapsed ? a.label : undefined}
                  {...itemStyles}
                  justifyContent={collapsed ? "center" : "flex-start"}
                  color={a.danger ? "fg.error" : itemStyles.color}
                  _hover={a.danger ? { bg: "bg.error", color: "fg.error" } : itemStyles._hover}
                >
                  <ItemLabel collapsed={collapsed} icon={a.icon}>
                    {a.label}
                  </ItemLabel>
                </chakra.button>
              )}
            </WithTip>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
