import { Brain, CalendarDays, LayoutDashboard, Megaphone, Share2, type LucideIcon } from "lucide-react";

export type NavItem = { label: string; shortLabel: string; to: string; icon: LucideIcon; end?: boolean };

// Spec: Dashboard, Brain Studio, Campaign, Calendar (defaults to /calendar), Social Accounts.
// On mobile the spec maps Dashboard to "/", but "/" is the public landing page that sends a
// signed-in user to /dashboard anyway, so both navigations go straight to /dashboard.
export const NAV_ITEMS: NavItem[] = [
  { label: "Dashboard", shortLabel: "Dashboard", to: "/dashboard", icon: LayoutDashboard, end: true },
  { label: "Brain Studio", shortLabel: "Brain Studio", to: "/brain", icon: Brain },
  { label: "Campaign", shortLabel: "Campaign", to: "/campaigns/new", icon: Megaphone },
  { label: "Calendar", shortLabel: "Calendar", to: "/calendar", icon: CalendarDays },
  { label: "Social Accounts", shortLabel: "Social", to: "/social-connect", icon: Share2 },
];
