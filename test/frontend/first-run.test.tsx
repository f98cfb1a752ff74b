// First run (decision 290): every screen the tour and the checklist open keeps the app shell (its
// header with the progress dots, the navigation), through the app's real routes.
import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PROJECT, type Project } from "../../schema/api/projects";
import { AuthTestProvider, type AuthState } from "../../frontend/lib/auth-context";
import { AppRoutes } from "../../frontend/app/router";
import { system } from "../../frontend/app/theme";
import { fetcher } from "../../frontend/lib/api";
import { json, mockFetch, project as described } from "./shell-helpers";

const firstRun: Project = { ...described, ...DEFAULT_PROJECT };

function renderAt(path: string, project: Project) {
  const auth: Partial<AuthState> = { user: { id: "u1", email: "ann@example.com" } as AuthState["user"], project, projects: [project], loading: false };
  return render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <AuthTestProvider value={{ ...auth, setProject: vi.fn() }}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </AuthTestProvider>
      </SWRConfig>
    </ChakraProvider>,
  );
}

/** The shell is there: its header (with the labelled progress dots) and the screen inside its main area. */
async function expectInShell(heading: string) {
  const main = await screen.findByRole("main", {}, { timeout: 10_000 });
  expect(await within(main).findByRole("heading", { level: 1, name: heading }, { timeout: 10_000 })).toBeInTheDocument();
  const header = screen.getByRole("banner");
  expect(within(header).getByRole("button", { name: /Project progress/ })).toBeInTheDocument();
  expect(within(header).getByTestId("progress-dot-social")).toHaveAttribute("title", "Social Connected");
}

beforeEach(() => {
  mockFetch({
    "GET /api/projects/p1/progress": () => json({ brain: false, social: false, posts: false }),
    "GET /api/social-networks": () => json({ networks: [] }),
    "GET /api/projects/p1/social-accounts": () => json([]),
    "PATCH /api/projects/p1/onboarding": () => json({ ...firstRun, has_seen_onboarding: true }),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("first run keeps the app shell", () => {
  it("the tour's Get Started opens the wizard inside the shell", async () => {
    renderAt("/welcome", firstRun);
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Welcome to Your AI Brain" }, { timeout: 10_000 })).toBeInTheDocument();
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Get Started" }));
    await expectInShell("Create Your Project");
  });

  it("Social Connect (the tour's Get Started on a described project, the checklist's Connect Now) is inside the shell", async () => {
    renderAt("/social-connect", described);
    await expectInShell("Connect Your Social Media");
  });

  it("a network's OAuth callback shows Social Connect inside the shell too", async () => {
    renderAt("/auth/twitter/callback?error=access_denied&state=s", described);
    await expectInShell("Connect Your Social Media");
    await waitFor(() => expect(screen.queryByText("Authentication in progress...")).not.toBeInTheDocument());
  });
});
