import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from "react";
import { BrowserRouter, Outlet, useLocation, useRoutes } from "react-router-dom";
import { LoadingScreen } from "../components/ui/loading-screen";
import { pressHeldClick } from "../lib/early-clicks";
import { useAuth } from "../lib/auth-context";
import { PublicOnly, RequireAuth } from "./guards";
import { loadAppRecipes } from "./theme";

// Every screen is its own chunk: the first load of / and /login carries only what they need.
// Screens other than the light public ones also wait for the signed-in screens' Chakra
// recipes, which are not in the initial chunk (docs/decisions/030).
const withAppRecipes =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadAppRecipes()]).then(([m]) => m);
const page = (load: () => Promise<{ default: ComponentType }>, light = false, fallback = <LoadingScreen />) => {
  const Component: LazyExoticComponent<ComponentType> = lazy(light ? load : withAppRecipes(load));
  return (
    <Suspense fallback={fallback}>
      <Component />
    </Suspense>
  );
};

// The pre-rendered pages (decisions 163, 167): main.tsx loads the opened one's module before
// hydrating, so hydration never suspends (a session answer arriving while a boundary is still
// dehydrated would make React throw the server's HTML away and render it again). /dashboard's
// HTML is its frame (features/dashboard/dashboard-frame.tsx): what RequireAuth shows there while
// the session is checked.
const loadLanding = () => import("../features/landing/landing-page");
const loadLogin = () => import("../features/auth/login-page");
const loadDashboardFrame = () => import("../features/dashboard/dashboard-frame");
const preloaded = new Map<() => Promise<{ default: ComponentType }>, ComponentType>();
const prerenderedPage = (load: () => Promise<{ default: ComponentType }>, fallback = <LoadingScreen />) => {
  const Lazy = lazy(load);
  function Page() {
    const Loaded = preloaded.get(load);
    // Its effect runs once the page's markup is hydrated (its Suspense boundary hydrates after the
    // root's commit): a button pressed before the app started is pressed now (lib/early-clicks.ts).
    useEffect(pressHeldClick, []);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
};
const PRERENDERED: Record<string, () => Promise<{ default: ComponentType }>> = { "/": loadLanding, "/login": loadLogin, "/dashboard": loadDashboardFrame };

/** Loads the module of a pre-rendered page before hydration; other paths resolve at once. */
export async function preloadPrerendered(path: string): Promise<void> {
  const load = PRERENDERED[path];
  if (load) preloaded.set(load, (await load()).default);
}

// The signed-in screens' loaders (screens.ts, decision 300): fetched beside the shell, which every
// screen inside it waits for anyway, so their preload lists are not part of /'s and /login's JS.
const loadScreens = () => import("./screens");
const screen = (name: keyof typeof import("./screens").screens) => (): Promise<{ default: ComponentType }> => loadScreens().then((m) => m.screens[name]());
const AppShell = lazy(withAppRecipes(() => Promise.all([import("./shell/app-shell"), loadScreens()]).then(([m]) => m)));
// Screens inside the app shell: while the session, their code and their data load, the shell's
// skeleton paints (shell-skeleton.tsx). It is its own small chunk, fetched at start-up only on
// these paths (preloadShellSkeleton), so / and /login do not pay for it in their initial JS.
const loadShellSkeleton = () => import("../components/ui/shell-skeleton");
const LazyShellSkeleton = lazy(() => loadShellSkeleton().then((m) => ({ default: m.ShellSkeleton })));
const LazyContentSkeleton = lazy(() => loadShellSkeleton().then((m) => ({ default: m.ContentSkeleton })));
const shellSkeleton = (
  <Suspense fallback={null}>
    <LazyShellSkeleton />
  </Suspense>
);
const contentSkeleton = (
  <Suspense fallback={null}>
    <LazyContentSkeleton />
  </Suspense>
);
const shellPage = (path: string, load: () => Promise<{ default: ComponentType }>, fallback = contentSkeleton) => ({
  path,
  element: page(load, false, fallback),
});

// /dashboard paints its frame (decision 167) at every step that loads: the session check, the
// shell's chunk, the screen's chunk. Before the session is known only where the frame came
// pre-rendered (dashboard.html, served when a session cookie is present); a visitor who is not
// known to be signed in sees the plain shell skeleton, not "Welcome Back", before /login.
const dashboardFrame = prerenderedPage(loadDashboardFrame, shellSkeleton);
const LazyDashboardContentFrame = lazy(() => loadDashboardFrame().then((m) => ({ default: m.DashboardContentFrame })));
const dashboardContentFrame = (
  <Suspense fallback={contentSkeleton}>
    <LazyDashboardContentFrame />
  </Suspense>
);
function ShellWaiting() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  return pathname === "/dashboard" && (user || preloaded.has(loadDashboardFrame)) ? dashboardFrame : shellSkeleton;
}
const shellWaiting = <ShellWaiting />;

const shellRoutes = [
  shellPage("/dashboard", screen("dashboard"), dashboardContentFrame),
  shellPage("/calendar", screen("calendar")),
  shellPage("/brain", screen("brain")),
  shellPage("/campaigns/new", screen("campaignNew")),
  shellPage("/content", screen("content")),
  shellPage("/analytics", screen("analytics")),
  shellPage("/settings/schedule", screen("postingSchedule")),
  shellPage("/settings/api-keys", screen("apiKeys")),
  shellPage("/settings/webhooks", screen("webhooks")),
  shellPage("/settings/feeds", screen("feeds")),
  shellPage("/settings/project", screen("projectSettings")),
  shellPage("/settings/team", screen("team")),
  shellPage("/settings/activity", screen("activity")),
  // First run (decision 290): what the tour's Get Started and the checklist open keeps the shell.
  shellPage("/onboarding", screen("wizard")),
  shellPage("/social-connect", screen("socialConnect")),
  // Every network's OAuth callback (/auth/<platform id>/callback); the page ignores unknown ids.
  shellPage("/auth/:platform/callback", screen("socialConnect")),
];
const SHELL_PATHS = shellRoutes.map((r) => r.path);

/** Starts loading the shell skeleton when the app opens on a screen inside the shell. */
export function preloadShellSkeleton(path: string): void {
  if (SHELL_PATHS.includes(path)) void loadShellSkeleton();
}

const routes = [
  {
    element: <Outlet />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: "/", element: prerenderedPage(loadLanding) },
          { path: "/login", element: prerenderedPage(loadLogin) },
          { path: "/signup", element: page(() => import("../features/auth/signup-page")) },
          { path: "/reset-password", element: page(() => import("../features/auth/reset-password-page")) },
          { path: "/auth/update-password", element: page(() => import("../features/auth/update-password-page")) },
        ],
      },
      { path: "/terms", element: page(() => import("../features/legal/terms-page"), true) },
      { path: "/privacy", element: page(() => import("../features/legal/privacy-page"), true) },
      // A client's review link (decision 265): no account, outside the signed-in shell.
      { path: "/review/:token", element: page(() => import("../features/review/review-page")) },
      {
        element: <RequireAuth shellPaths={SHELL_PATHS} shellSkeleton={shellWaiting} />,
        children: [
          { path: "/welcome", element: page(screen("welcome")) },
          { path: "/invite/:token", element: page(screen("invite")) },
          {
            element: (
              <Suspense fallback={shellWaiting}>
                <AppShell />
              </Suspense>
            ),
            children: shellRoutes,
          },
        ],
      },
      { path: "*", element: page(() => import("../components/ui/not-found-page")) },
    ],
  },
];

// A plain BrowserRouter (no data router): nothing here uses loaders or blockers, and it keeps
// ~17 KiB gzip of react-router out of the initial JS (docs/decisions/030).
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
