// The signed-in shell paints before its data (decision 165): while the session is checked a screen
// inside the app shell shows the shell's frame with content skeletons (no spinner, no blank page);
// then the real shell takes over at the same side-navigation width, and when the screen's data
// arrives only the content changes: the navigation and header stay the very same elements.
import { ChakraProvider } from "@chakra-ui/react";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthTestProvider, type AuthState } from "../../frontend/lib/auth-context";
import { AppRoutes } from "../../frontend/app/router";
import { SIDE_NAV_COLLAPSED_ATTR, writeCollapsed } from "../../frontend/lib/side-nav-state";
import { system } from "../../frontend/app/theme";
import { fetcher } from "../../frontend/lib/api";
import { json, mockFetch, project } from "./shell-helpers";

const signedIn: Partial<AuthState> = { user: { id: "u1", email: "ann@example.com" } as AuthState["user"], project, projects: [project], loading: false };
const dashboardData = {
  total_posts: 12,
  total_change: "+20.0%",
  scheduled_posts: 4,
  connected_accounts: 1,
  engagement_week: 0,
  engagement_change: null,
  trend_days: 7,
  upcoming: [],
};

function tree(path: string, auth: Partial<AuthState>) {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <AuthTestProvider value={auth}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </AuthTestProvider>
      </SWRConfig>
    </ChakraProvider>
  );
}

let releaseDashboard: () => void;
beforeEach(() => {
  const answered = new Promise<void>((resolve) => (releaseDashboard = resolve));
  mockFetch({
    "GET /api/projects/p1/dashboard": async () => {
      await answered;
      return json(dashboardData);
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  document.documentElement.removeAttribute(SIDE_NAV_COLLAPSED_ATTR);
});

describe("signed-in shell before its data", () => {
  it("paints the shell frame and content skeletons while the session loads, then the data without replacing the frame", async () => {
    const view = render(tree("/dashboard", { loading: true }));
    // The session not yet known (no request answered): the frame is there, no spinner.
    expect(await screen.findByTestId("shell-skeleton")).toBeInTheDocument();
    expect(screen.getByTestId("side-nav-skeleton")).toHaveStyle({ width: "280px" });
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByTestId("content-skeleton")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(document.querySelector(".chakra-spinner")).toBeNull();

    // The session arrives: the real shell and the screen, its figures still placeholders.
    view.rerender(tree("/dashboard", signedIn));
    const sideNav = await screen.findByTestId("side-nav");
    expect(sideNav).toHaveStyle({ width: "280px" });
    const header = screen.getByRole("banner");
    // Three lazy chunks in a row here (SWR's configuration, the shell, the screen): on a busy
    // machine that takes longer than findBy's default second.
    expect(await screen.findByRole("heading", { name: "Welcome Back" }, { timeout: 5000 })).toBeInTheDocument();
    // The dashboard's frame (same layout, no project name) may paint first while the screen's
    // chunk loads (decision 167); the screen itself shows the project's name.
    expect(await within(screen.getByRole("main")).findByText(project.name, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { name: "Welcome Back" })).toHaveLength(1);
    const total = screen.getByTestId("stat-Total Posts");
    expect(total).toHaveAttribute("aria-busy", "true");
    expect(document.querySelector(".chakra-spinner")).toBeNull();

    // The data arrives: figures fill in place; navigation, header and the figure's element stay.
    await act(async () => releaseDashboard());
    await waitFor(() => expect(total).toHaveTextContent("12"));
    expect(screen.getByTestId("stat-Total Posts")).toBe(total);
    expect(screen.queryByTestId("content-skeleton")).toBeNull();
    expect(screen.getByTestId("side-nav")).toBe(sideNav);
    expect(screen.getByRole("banner")).toBe(header);
  });

  it("paints the navigation at its remembered collapsed width, the same the real navigation takes", async () => {
    // What the navigation's toggle writes; index.html's inline script sets the same <html>
    // attribute from localStorage before the first paint (the skeleton's width is CSS on it).
    writeCollapsed(true);
    expect(localStorage.getItem("brandpilot.sidenav.collapsed")).toBe("1");
    const view = render(tree("/calendar", { loading: true }));
    expect(await screen.findByTestId("side-nav-skeleton")).toHaveStyle({ width: "80px" });
    view.rerender(tree("/calendar", signedIn));
    await waitFor(() => expect(screen.getByTestId("side-nav")).toHaveStyle({ width: "80px" }));
  });

  it("keeps the plain loading screen for signed-in screens outside the shell", () => {
    render(tree("/welcome", { loading: true }));
    expect(screen.queryByTestId("shell-skeleton")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
  });
});
