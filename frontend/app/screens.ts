// The signed-in screens' loaders, in a chunk of their own (decision 300). Each `import()` carries
// the list of files its screen needs (Vite's preload list); kept in the router, those ~100 file
// names were ~2 KiB gzip of /login's and /'s initial JS, for screens neither page can open before
// the session and the shell are loaded. The router starts loading this chunk with the shell.
import type { ComponentType } from "react";

type Screen = () => Promise<{ default: ComponentType }>;

export const screens = {
  dashboard: () => import("../features/dashboard/dashboard-page"),
  calendar: () => import("../features/calendar/calendar-page"),
  brain: () => import("../features/brain/brain-page"),
  campaignNew: () => import("../features/campaigns/campaign-new-page"),
  content: () => import("../features/coming-soon/coming-soon-page"),
  analytics: () => import("../features/analytics/analytics-page"),
  postingSchedule: () => import("../features/planner/posting-schedule-page"),
  apiKeys: () => import("../features/api-keys/api-keys-page"),
  webhooks: () => import("../features/webhooks/webhooks-page"),
  feeds: () => import("../features/feeds/feeds-page"),
  projectSettings: () => import("../features/team/project-settings-page"),
  team: () => import("../features/team/team-page"),
  activity: () => import("../features/team/activity-page"),
  wizard: () => import("../features/projects/project-wizard-page"),
  socialConnect: () => import("../features/social/social-connect-page"),
  welcome: () => import("../features/onboarding/welcome-page"),
  invite: () => import("../features/team/invite-page"),
} satisfies Record<string, Screen>;
