import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { BrowserRouter, Outlet, useRoutes } from "react-router-dom";
import { LoadingScreen } from "../components/ui/loading-screen";
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

const AppShell = lazy(withAppRecipes(() => import("./shell/app-shell")));

export const routes = [
  {
    element: <Outlet />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: "/", element: page(() => import("../features/landing/landing-page"), true) },
          { path: "/login", element: page(() => import("../features/auth/login-page"), true) },
          { path: "/signup", element: page(() => import("../features/auth/signup-page")) },
          { path: "/reset-password", element: page(() => import("../features/auth/reset-password-page")) },
          { path: "/auth/update-password", element: page(() => import("../features/auth/update-password-page")) },
        ],
      },
      { path: "/terms", element: page(() => import("../features/legal/terms-page"), true) },
      { path: "/privacy", element: page(() => import("../features/legal/privacy-page"), true) },
      {
        element: <RequireAuth />,
        children: [
          { path: "/welcome", element: page(() => import("../features/onboarding/welcome-page")) },
          { path: "/onboarding", element: page(() => import("../features/projects/project-wizard-page")) },
          { path: "/social-connect", element: page(() => import("../features/social/social-connect-page")) },
          // Every network's OAuth callback (/auth/<platform id>/callback); the page ignores unknown ids.
          { path: "/auth/:platform/callback", element: page(() => import("../features/social/social-connect-page")) },
          {
            element: (
              <Suspense fallback={<LoadingScreen />}>
                <AppShell />
              </Suspense>
            ),
            children: [
              { path: "/dashboard", element: page(() => import("../features/dashboard/dashboard-page")) },
              { path: "/calendar", element: page(() => import("../features/calendar/calendar-page")) },
              { path: "/brain", element: page(() => import("../features/brain/brain-page")) },
              { path: "/campaigns/new", element: page(() => import("../features/campaigns/campaign-new-page")) },
              { path: "/content", element: page(() => import("../features/coming-soon/coming-soon-page")) },
              { path: "/analytics", element: page(() => import("../features/coming-soon/coming-soon-page")) },
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
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
