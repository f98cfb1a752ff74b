import { lazy, Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent } from "react";
import { BrowserRouter, Outlet, useRoutes } from "react-router-dom";
import { LoadingScreen } from "../components/ui/loading-screen";
import { useAuth } from "./auth-context";
import { PublicOnly, RequireAuth } from "./guards";
import { loadAppRecipes } from "./theme";

// Every screen is its own chunk: the first load of / and /login carries only what they need.
// Screens other than the light public ones also wait for the signed-in screens' Chakra
// recipes, which are not in the initial chunk (docs/decisions/030).
const withAppRecipes =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadAppRecipes()]).then(([m]) => m);
const page = (load: () => Promise<{ default: ComponentType }>, light = false) => {
  const Component: LazyExoticComponent<ComponentType> = lazy(light ? load : withAppRecipes(load));
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Component />
    </Suspense>
  );
};

const loadShell = withAppRecipes(() => import("./shell/app-shell"));
const AppShell = lazy(loadShell);

// Each path's chunks, so the opened screen's code downloads with the app shell instead of after
// it has loaded and rendered (a shorter request chain on a first visit; see AppRoutes).
const preloads = new Map<string, () => Promise<unknown>>();
type Load = () => Promise<{ default: ComponentType }>;
const screen = (path: string, load: Load, { light = false, shell = false } = {}) => {
  preloads.set(path, () => Promise.all([light ? load() : withAppRecipes(load)(), shell ? loadShell() : null]));
  return { path, element: page(load, light) };
};

/** Starts loading the chunks of the screen at `pathname` (once, when the session is known). */
function preloadScreen(pathname: string) {
  preloads.get(pathname)?.().catch(() => {
    /* the lazy screen retries and reports the failure when it renders */
  });
}

export const routes = [
  {
    element: <Outlet />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          screen("/", () => import("../features/landing/landing-page"), { light: true }),
          screen("/login", () => import("../features/auth/login-page"), { light: true }),
          screen("/signup", () => import("../features/auth/signup-page")),
          screen("/reset-password", () => import("../features/auth/reset-password-page")),
          screen("/auth/update-password", () => import("../features/auth/update-password-page")),
        ],
      },
      screen("/terms", () => import("../features/legal/terms-page"), { light: true }),
      screen("/privacy", () => import("../features/legal/privacy-page"), { light: true }),
      {
        element: <RequireAuth />,
        children: [
          screen("/welcome", () => import("../features/onboarding/welcome-page")),
          screen("/onboarding", () => import("../features/projects/project-wizard-page")),
          screen("/social-connect", () => import("../features/social/social-connect-page")),
          screen("/auth/twitter/callback", () => import("../features/social/social-connect-page")),
          screen("/auth/instagram/callback", () => import("../features/social/social-connect-page")),
          {
            element: (
              <Suspense fallback={<LoadingScreen />}>
                <AppShell />
              </Suspense>
            ),
            children: [
              screen("/dashboard", () => import("../features/dashboard/dashboard-page"), { shell: true }),
              screen("/calendar", () => import("../features/calendar/calendar-page"), { shell: true }),
              screen("/brain", () => import("../features/brain/brain-page"), { shell: true }),
              screen("/campaigns/new", () => import("../features/campaigns/campaign-new-page"), { shell: true }),
              screen("/content", () => import("../features/coming-soon/coming-soon-page"), { shell: true }),
              screen("/analytics", () => import("../features/coming-soon/coming-soon-page"), { shell: true }),
            ],
          },
        ],
      },
      { path: "*", element: page(() => import("../features/coming-soon/not-found-page")) },
    ],
  },
];

// A plain BrowserRouter (no data router): nothing here uses loaders or blockers, and it keeps
// ~17 KiB gzip of react-router out of the initial JS (docs/decisions/030).
function AppRoutes() {
  const { loading } = useAuth();
  const preloaded = useRef(false);
  useEffect(() => {
    // Once the session and projects are known (the API chain ran alone, not queued behind a
    // dozen chunks on wrangler dev's HTTP/1.1 connections), fetch the screen's own chunks
    // alongside the app shell instead of after it.
    if (loading || preloaded.current) return;
    preloaded.current = true;
    preloadScreen(window.location.pathname);
  }, [loading]);
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
