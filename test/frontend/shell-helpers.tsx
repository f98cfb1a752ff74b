import { ChakraProvider } from "@chakra-ui/react";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { SWRConfig } from "swr";

import type { Project } from "../../schema/api/projects";
import { AuthTestProvider, type AuthState } from "../../frontend/lib/auth-context";
import AppShell from "../../frontend/app/shell/app-shell";
import { system } from "../../frontend/app/theme";
import { Toaster } from "../../frontend/components/ui/toaster";
import { fetcher } from "../../frontend/lib/api";
import { fakeApi, jsonResponse, type FakeRequest } from "./fake-api";

export const project: Project = {
  id: "p1",
  user_id: "u1",
  name: "Acme Coffee",
  industry: "Technology",
  brand_voice: "Professional & Friendly",
  description: "Getting started with my social media management",
  has_seen_onboarding: true,
  user_email: "ann@example.com",
  created_at: 0,
  role: "owner",
  approvals_required: false,
  owner_posts_need_review: false,
  brand_color: null,
};

/** Stubs fetch (fake-api.ts); records every call. `routes` maps "METHOD /path" to a handler. */
export function mockFetch(routes: Record<string, (call: FakeRequest) => Response | Promise<Response>>) {
  const { calls, fetch } = fakeApi(routes);
  return { calls, spy: fetch };
}

export const json = jsonResponse;

/** Toasts live in a module-level store: clear it between tests. */
export async function clearToasts() {
  const { store } = await import("../../frontend/components/ui/toaster-view");
  store.remove();
}

/** jsdom applies the base (mobile) styles only; this shows the desktop side navigation too. */
export function showDesktopNav() {
  const style = document.createElement("style");
  style.textContent = "[data-testid=side-nav] { display: flex !important; }";
  document.head.appendChild(style);
  return () => style.remove();
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

export function renderShell({ auth = {}, path = "/dashboard", extra }: { auth?: Partial<AuthState>; path?: string; extra?: ReactNode } = {}) {
  return render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <AuthTestProvider value={{ user: { id: "u1", email: "ann@example.com" } as AuthState["user"], project, ...auth }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route element={<AppShell />}>
                <Route path="/dashboard" element={<h1>Dashboard screen</h1>} />
                <Route path="/calendar" element={<h1>Calendar screen</h1>} />
                <Route path="/brain" element={<h1>Brain screen</h1>} />
                <Route path="/content" element={<h1>Content screen</h1>} />
              </Route>
              <Route path="/login" element={<h1>Login screen</h1>} />
              <Route path="/welcome" element={<h1>Welcome screen</h1>} />
              <Route path="/social-connect" element={<h1>Social screen</h1>} />
            </Routes>
            <LocationProbe />
            {extra}
          </MemoryRouter>
          <Toaster />
        </AuthTestProvider>
      </SWRConfig>
    </ChakraProvider>,
  );
}
