import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { DEFAULT_PROJECT, type Project } from "../../schema/api/projects";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import WelcomePage from "../../frontend/features/onboarding/welcome-page";
import { makeProject } from "./test-utils";
import { fakeApi, type FakeRequest } from "./fake-api";

const project = makeProject({ ...DEFAULT_PROJECT, user_email: "a@example.com", created_at: 1 });

const TITLES = ["Welcome to Your AI Brain", "Feed Your Brain", "Schedule with Intelligence", "Connect & Grow"];
const ITEMS = [
  ["AI content generation", "Smart scheduling", "Analytics"],
  ["Upload brand documents", "Train on your writing style", "Generate on-brand content"],
  ["AI-optimized posting times", "Visual calendar", "Automated scheduling"],
  ["Multi-platform management", "Analytics", "Growth recommendations"],
];

let calls: FakeRequest[];
/** The onboarding PATCH fails (500) when set. */
let failing = false;
let setProject: Mock<(p: Project) => void>;

function renderTour(value: { project: Project | null } = { project }) {
  return render(
    <ChakraProvider value={system}>
      <AuthTestProvider value={{ ...value, setProject }}>
        <MemoryRouter initialEntries={["/welcome"]}>
          <Routes>
            <Route path="/welcome" element={<WelcomePage />} />
            <Route path="/dashboard" element={<h1>Dashboard screen</h1>} />
            <Route path="/social-connect" element={<h1>Social connect screen</h1>} />
            <Route path="/onboarding" element={<h1>Project wizard screen</h1>} />
          </Routes>
        </MemoryRouter>
      </AuthTestProvider>
    </ChakraProvider>,
  );
}

const title = () => screen.getByRole("heading", { level: 1 }).textContent;

beforeEach(() => {
  failing = false;
  calls = fakeApi({
    "PATCH /api/projects/p1/onboarding": () => (failing ? [500, { error: { code: "internal", message: "x" } }] : { ...project, has_seen_onboarding: true }),
  }).calls;
  setProject = vi.fn<(p: Project) => void>();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("onboarding tour", () => {
  it("walks the four slides with Next and Back, bounded, with each slide's items", async () => {
    const user = userEvent.setup();
    renderTour();
    expect(screen.getByRole("button", { name: "Back" })).toBeDisabled();
    for (let i = 0; i < 4; i++) {
      expect(title()).toBe(TITLES[i]);
      const items = within(screen.getByRole("group", { name: `${i + 1} of 4` })).getAllByRole("listitem");
      expect(items.map((li) => li.textContent)).toEqual(ITEMS[i]);
      if (i < 3) await user.click(screen.getByRole("button", { name: "Next" }));
    }
    expect(screen.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Get Started" })).toBeInTheDocument();
    for (let i = 3; i > 0; i--) await user.click(screen.getByRole("button", { name: "Back" }));
    expect(title()).toBe(TITLES[0]);
    expect(screen.getByRole("button", { name: "Back" })).toBeDisabled();
    expect(calls).toHaveLength(0);
  });

  it("jumps to a slide from its dot", async () => {
    const user = userEvent.setup();
    renderTour();
    const dots = within(screen.getByRole("group", { name: "Slides" })).getAllByRole("button");
    expect(dots).toHaveLength(4);
    await user.click(screen.getByRole("button", { name: "Go to slide 3" }));
    expect(title()).toBe("Schedule with Intelligence");
    expect(screen.getByRole("button", { name: "Go to slide 3" })).toHaveAttribute("aria-current", "step");
    expect(screen.getByRole("button", { name: "Go to slide 1" })).not.toHaveAttribute("aria-current");
    await user.click(screen.getByRole("button", { name: "Go to slide 4" }));
    expect(screen.getByRole("button", { name: "Get Started" })).toBeInTheDocument();
  });

  it("moves with the arrow keys, bounded at both ends", () => {
    renderTour();
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    expect(title()).toBe(TITLES[0]);
    for (let i = 0; i < 5; i++) fireEvent.keyDown(window, { key: "ArrowRight" });
    expect(title()).toBe(TITLES[3]);
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    expect(title()).toBe(TITLES[2]);
  });

  it("Get Started on a described project goes to /social-connect", async () => {
    const user = userEvent.setup();
    renderTour({ project: { ...project, name: "Acme Coffee", description: "Small-batch coffee roasted in Lisbon" } });
    await user.click(screen.getByRole("button", { name: "Go to slide 4" }));
    await user.click(screen.getByRole("button", { name: "Get Started" }));
    expect(await screen.findByRole("heading", { name: "Social connect screen" })).toBeInTheDocument();
  });

  it("Get Started on the untouched default project marks onboarding seen and opens the wizard (first run: tour, wizard, social connect)", async () => {
    const user = userEvent.setup();
    renderTour();
    await user.click(screen.getByRole("button", { name: "Go to slide 4" }));
    await user.click(screen.getByRole("button", { name: "Get Started" }));
    expect(await screen.findByRole("heading", { name: "Project wizard screen" })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: "/api/projects/p1/onboarding", method: "PATCH", body: { has_seen_onboarding: true } });
    expect(setProject).toHaveBeenCalledWith({ ...project, has_seen_onboarding: true });
  });

  it("Skip marks onboarding seen and goes to /dashboard", async () => {
    const user = userEvent.setup();
    renderTour();
    await user.click(screen.getByRole("button", { name: "Skip" }));
    expect(await screen.findByRole("heading", { name: "Dashboard screen" })).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ has_seen_onboarding: true });
    expect(setProject).toHaveBeenCalled();
  });

  it("a failed skip is only logged and the user stays on the tour", async () => {
    failing = true;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    renderTour();
    await user.click(screen.getByRole("button", { name: "Skip" }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(title()).toBe(TITLES[0]);
    expect(screen.queryByRole("heading", { name: "Dashboard screen" })).not.toBeInTheDocument();
    expect(setProject).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Skip" })).toBeEnabled();
  });
});
