import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearToasts, json, mockFetch, project, renderShell, showDesktopNav } from "./shell-helpers";
import { initialPosition } from "../../frontend/app/shell/floating-button";

vi.mock("../../frontend/features/posts/create-post-dialog", () => ({
  default: ({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) =>
    open ? (
      <div role="dialog" aria-label="Create Post">
        <button onClick={() => onOpenChange(false)}>Close create post</button>
      </div>
    ) : null,
}));
vi.mock("../../frontend/features/settings/project-settings-dialog", () => ({
  default: ({ open }: { open: boolean }) => (open ? <div role="dialog" aria-label="Project Settings" /> : null),
}));

// The machine is shared; the first render of a file pays for loading Chakra.

const progressUrl = `GET /api/projects/${project.id}/progress`;

afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await clearToasts();
});

describe("App shell header", () => {
  it("shows the logo and the current project's name", async () => {
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    expect(screen.getByRole("banner")).toHaveTextContent("Brandpilot");
    expect(screen.getByTestId("project-name")).toHaveTextContent("Acme Coffee");
    expect(screen.getByRole("heading", { name: "Dashboard screen" })).toBeInTheDocument();
  });

  it('shows "Loading..." while there is no project yet and asks for no progress', () => {
    const { calls } = mockFetch({});
    renderShell({ auth: { project: null, projectLoading: true } });
    expect(screen.getByTestId("project-name")).toHaveTextContent("Loading...");
    expect(calls.filter((c) => c.url.includes("/progress"))).toHaveLength(0);
  });

  it("colours the three progress dots from the progress endpoint", async () => {
    mockFetch({ [progressUrl]: () => json({ brain: true, social: false, posts: true }) });
    renderShell();
    await waitFor(() => expect(screen.getByTitle("Brain Content")).toHaveAttribute("data-complete", "true"));
    expect(screen.getByTitle("Social Connected")).toHaveAttribute("data-complete", "false");
    expect(screen.getByTitle("Posts Scheduled")).toHaveAttribute("data-complete", "true");
    expect(screen.getByRole("button", { name: "Project progress: 2 of 3 steps complete" })).toBeInTheDocument();
    // The dots carry a visible label with the count, not only a hover title.
    expect(screen.getByTestId("progress-label")).toHaveTextContent("Setup 2/3");
  });

  it("opens the Project Progress dialog: done steps read Complete, open steps link onward", async () => {
    const user = userEvent.setup();
    mockFetch({ [progressUrl]: () => json({ brain: true, social: false, posts: false }) });
    renderShell();
    const trigger = await screen.findByRole("button", { name: "Project progress: 1 of 3 steps complete" });
    await user.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Project Progress" });
    const brain = within(dialog).getByTestId("progress-step-brain");
    expect(brain).toHaveTextContent("Feed Your Brain");
    expect(brain).toHaveTextContent("Complete");
    expect(within(brain).queryByRole("link")).toBeNull();
    const social = within(dialog).getByTestId("progress-step-social");
    expect(social).not.toHaveTextContent("Complete");
    expect(within(social).getByRole("link", { name: "Connect Now" })).toHaveAttribute("href", "/social-connect");
    expect(within(dialog).getByRole("link", { name: "Create Campaign" })).toHaveAttribute("href", "/campaigns/new");

    await user.click(within(social).getByRole("link", { name: "Connect Now" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/social-connect"));
  });

  it("links Get Started to the brain while no brain content exists", async () => {
    const user = userEvent.setup();
    mockFetch({ [progressUrl]: () => json({ brain: false, social: true, posts: true }) });
    renderShell();
    await user.click(await screen.findByRole("button", { name: "Project progress: 2 of 3 steps complete" }));
    const dialog = await screen.findByRole("dialog", { name: "Project Progress" });
    expect(within(dialog).getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/brain");
    expect(within(dialog).getAllByText("Complete")).toHaveLength(2);
  });

  it("re-checks progress after a navigation and after the Create Post dialog closes", async () => {
    const user = userEvent.setup();
    let progress = { brain: false, social: false, posts: false };
    const { calls } = mockFetch({ [progressUrl]: () => json(progress) });
    renderShell({ path: "/dashboard" });
    await waitFor(() => expect(screen.getByTitle("Brain Content")).toHaveAttribute("data-complete", "false"));
    progress = { ...progress, brain: true };
    const nav = screen.getByRole("navigation", { name: "Mobile navigation" });
    await user.click(within(nav).getByRole("link", { name: "Calendar" }));
    await waitFor(() => expect(screen.getByTitle("Brain Content")).toHaveAttribute("data-complete", "true"));

    progress = { ...progress, posts: true };
    await user.click(within(screen.getByRole("banner")).getByRole("button", { name: "Post Now" }));
    await user.click(await screen.findByRole("button", { name: "Close create post" }));
    await waitFor(() => expect(screen.getByTitle("Posts Scheduled")).toHaveAttribute("data-complete", "true"));
    expect(calls.filter((c) => c.url.endsWith("/progress")).length).toBeGreaterThanOrEqual(3);
  });

  it("Post Now loads and opens the Create Post dialog", async () => {
    const user = userEvent.setup();
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    expect(screen.queryByRole("dialog", { name: "Create Post" })).toBeNull();
    await user.click(within(screen.getByRole("banner")).getByRole("button", { name: "Post Now" }));
    expect(await screen.findByRole("dialog", { name: "Create Post" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Close create post" }));
    expect(screen.queryByRole("dialog", { name: "Create Post" })).toBeNull();
  });
});

async function chooseMenuItem(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Settings menu" }));
  await user.click(await screen.findByRole("menuitem", { name }));
}

describe("Settings menu", () => {
  it("Logout calls the API, reloads the session, toasts and goes to /login", async () => {
    const { calls } = mockFetch({
      [progressUrl]: () => json({ brain: false, social: false, posts: false }),
      "POST /api/auth/logout": () => new Response(null, { status: 204 }),
    });
    const refresh = vi.fn(async () => {});
    renderShell({ auth: { refresh } });
    await chooseMenuItem("Logout");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/auth/logout")).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Logged out successfully")).toBeInTheDocument();
  });

  it("a 401 from logout still counts as logged out", async () => {
    mockFetch({
      [progressUrl]: () => json({ brain: false, social: false, posts: false }),
      "POST /api/auth/logout": () => json({ error: { code: "unauthorized", message: "Not signed in" } }, 401),
    });
    renderShell();
    await chooseMenuItem("Logout");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(await screen.findByText("Logged out successfully")).toBeInTheDocument();
  });

  it('a server failure shows "Failed to log out" and stays', async () => {
    mockFetch({
      [progressUrl]: () => json({ brain: false, social: false, posts: false }),
      "POST /api/auth/logout": () => json({ error: { code: "internal", message: "boom" } }, 500),
    });
    const refresh = vi.fn(async () => {});
    renderShell({ auth: { refresh } });
    await chooseMenuItem("Logout");
    expect(await screen.findByText("Failed to log out")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/dashboard");
    expect(refresh).not.toHaveBeenCalled();
  });

  it("View Onboarding resets the flag on the project, then opens /welcome", async () => {
    const { calls } = mockFetch({
      [progressUrl]: () => json({ brain: false, social: false, posts: false }),
      [`PATCH /api/projects/${project.id}/onboarding`]: () => json({ ...project, has_seen_onboarding: false }),
    });
    const setProject = vi.fn();
    renderShell({ auth: { setProject } });
    await chooseMenuItem("View Onboarding");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/welcome"));
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.url).toBe(`/api/projects/${project.id}/onboarding`);
    expect(patch?.body).toEqual({ has_seen_onboarding: false });
    expect(setProject).toHaveBeenCalledWith(expect.objectContaining({ id: project.id, has_seen_onboarding: false }));
  });

  it("Content Library and Settings", async () => {
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    await chooseMenuItem("Settings");
    expect(await screen.findByRole("dialog", { name: "Project Settings" })).toBeInTheDocument();
    await chooseMenuItem("Content Library");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/content"));
  });
});

describe("Desktop side navigation", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = showDesktopNav();
  });
  afterEach(() => restore());

  it("marks the active screen and collapses from 280 px to 80 px with labelled icons", async () => {
    const user = userEvent.setup();
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell({ path: "/calendar" });
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    expect(nav).toHaveStyle({ width: "280px" });
    const calendar = within(nav).getByRole("link", { name: "Calendar" });
    expect(calendar).toHaveAttribute("aria-current", "page");
    expect(calendar).toHaveAttribute("href", "/calendar");
    expect(within(nav).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
    expect(within(nav).getByRole("link", { name: "Campaign" })).toHaveAttribute("href", "/campaigns/new");
    expect(within(nav).getByRole("link", { name: "Social Accounts" })).toHaveAttribute("href", "/social-connect");
    expect(within(nav).getByText("Brain Studio")).toBeInTheDocument();

    await user.click(within(nav).getByRole("button", { name: "Collapse navigation" }));
    expect(nav).toHaveStyle({ width: "80px" });
    expect(within(nav).queryByText("Brain Studio")).toBeNull();
    // Icons only, but every item keeps its name.
    expect(within(nav).getByRole("link", { name: "Brain Studio" })).toHaveAttribute("href", "/brain");
    expect(within(nav).getByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(localStorage.getItem("brandpilot.sidenav.collapsed")).toBe("1");

    await user.click(within(nav).getByRole("button", { name: "Expand navigation" }));
    expect(nav).toHaveStyle({ width: "280px" });
    expect(within(nav).getByText("Brain Studio")).toBeInTheDocument();
  });

  it("names a collapsed item in a tooltip, and an expanded one has none", async () => {
    const user = userEvent.setup();
    localStorage.setItem("brandpilot.sidenav.collapsed", "1");
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    const item = () => within(nav).getByRole("link", { name: "Brain Studio" });
    expect(item()).toHaveAttribute("data-state", "closed");
    fireEvent.pointerMove(item(), { pointerType: "mouse" });
    await waitFor(() => expect(item()).toHaveAttribute("data-state", "open"));
    expect(screen.getByRole("tooltip")).toHaveTextContent("Brain Studio");

    fireEvent.pointerLeave(item(), { pointerType: "mouse" });
    await user.click(within(nav).getByRole("button", { name: "Expand navigation" }));
    expect(item()).not.toHaveAttribute("data-state");
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("remembers the collapsed state", () => {
    localStorage.setItem("brandpilot.sidenav.collapsed", "1");
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    expect(screen.getByRole("navigation", { name: "Main navigation" })).toHaveStyle({ width: "80px" });
  });

  it("Analytics is a link that goes to /analytics (no coming-soon toast)", async () => {
    const user = userEvent.setup();
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    const analytics = within(nav).getByRole("link", { name: "Analytics" });
    expect(analytics).toHaveAttribute("href", "/analytics");
    await user.click(analytics);
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/analytics"));
    expect(screen.queryByText("Analytics coming soon")).toBeNull();
  });

  it("Create New Post opens the dialog; Logout signs out", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      [progressUrl]: () => json({ brain: false, social: false, posts: false }),
      "POST /api/auth/logout": () => new Response(null, { status: 204 }),
    });
    renderShell();
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    await user.click(within(nav).getByRole("button", { name: "Create New Post" }));
    expect(await screen.findByRole("dialog", { name: "Create Post" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Close create post" }));
    await user.click(within(nav).getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(calls.filter((c) => c.url === "/api/auth/logout")).toHaveLength(1);
  });
});

describe("Mobile navigation", () => {
  it("has five items and a toggle that hides and shows the bar", async () => {
    const user = userEvent.setup();
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell({ path: "/brain" });
    const nav = screen.getByRole("navigation", { name: "Mobile navigation" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(["Dashboard", "Brain Studio", "Campaign", "Calendar", "Social"]);
    expect(links[0]).toHaveAttribute("href", "/dashboard");
    expect(within(nav).getByRole("link", { name: "Brain Studio" })).toHaveAttribute("aria-current", "page");

    await user.click(screen.getByRole("button", { name: "Hide navigation" }));
    expect(screen.queryByRole("navigation", { name: "Mobile navigation" })).toBeNull();
    const show = screen.getByRole("button", { name: "Show navigation" });
    expect(show).toHaveAttribute("aria-expanded", "false");
    await user.click(show);
    expect(screen.getByRole("navigation", { name: "Mobile navigation" })).toBeInTheDocument();
  });
});

describe("Floating button", () => {
  it("a tap opens Quick actions; Feed Brain navigates", async () => {
    const user = userEvent.setup();
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    await user.click(screen.getByTestId("floating-button"));
    const panel = screen.getByRole("dialog", { name: "Quick actions" });
    expect(within(panel).getByRole("button", { name: "Post Now" })).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "New Campaign" })).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Feed Brain" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/brain"));
    expect(screen.queryByRole("dialog", { name: "Quick actions" })).toBeNull();
  });

  it("Escape closes the panel", async () => {
    const user = userEvent.setup();
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    await user.click(screen.getByTestId("floating-button"));
    expect(screen.getByRole("dialog", { name: "Quick actions" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Quick actions" })).toBeNull();
  });

  it("drags with the pointer, stays inside the viewport, and a drag does not open the panel", () => {
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    const fab = screen.getByTestId("floating-button");
    const start = { left: parseFloat(fab.style.left), top: parseFloat(fab.style.top) };
    fireEvent.pointerDown(fab, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(fab, { pointerId: 1, clientX: 60, clientY: 40 });
    expect(parseFloat(fab.style.left)).toBe(start.left - 40);
    expect(parseFloat(fab.style.top)).toBe(start.top - 60);
    // Far outside the window: clamped to the edge margin.
    fireEvent.pointerMove(fab, { pointerId: 1, clientX: -5000, clientY: 99999 });
    expect(parseFloat(fab.style.left)).toBe(12);
    expect(parseFloat(fab.style.top)).toBe(window.innerHeight - 56 - 12);
    fireEvent.pointerUp(fab, { pointerId: 1, clientX: -5000, clientY: 99999 });
    fireEvent.click(fab);
    expect(screen.queryByRole("dialog", { name: "Quick actions" })).toBeNull();
    // A plain tap afterwards opens it.
    fireEvent.pointerDown(fab, { pointerId: 2, button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(fab, { pointerId: 2, clientX: 12, clientY: 11 });
    fireEvent.click(fab);
    expect(screen.getByRole("dialog", { name: "Quick actions" })).toBeInTheDocument();
  });
});

describe("Floating button across viewport changes", () => {
  const resizeTo = (w: number, h: number) =>
    act(() => {
      Object.defineProperty(window, "innerWidth", { configurable: true, value: w });
      Object.defineProperty(window, "innerHeight", { configurable: true, value: h });
      window.dispatchEvent(new Event("resize"));
    });
  const at = (fab: HTMLElement) => ({ left: parseFloat(fab.style.left), top: parseFloat(fab.style.top) });
  let saved: { w: number; h: number };
  beforeEach(() => {
    saved = { w: window.innerWidth, h: window.innerHeight };
    resizeTo(375, 812);
  });
  afterEach(() => resizeTo(saved.w, saved.h));

  it("an untouched button stays bottom right in its band after the viewport shrinks and grows again (it never sticks over the header)", () => {
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    const fab = screen.getByTestId("floating-button");
    const home = at(fab);
    expect(home).toEqual({ left: initialPosition().x, top: initialPosition().y });
    resizeTo(120, 100);
    // Inside the small viewport meanwhile.
    expect(at(fab).left).toBeLessThanOrEqual(120 - 56 - 12);
    expect(at(fab).top).toBeLessThanOrEqual(100 - 56 - 12);
    resizeTo(375, 812);
    expect(at(fab)).toEqual(home);
    // Taller (rotation, the address bar hiding): still anchored to the bottom right.
    resizeTo(812, 375);
    expect(at(fab)).toEqual({ left: initialPosition().x, top: initialPosition().y });
  });

  it("a dragged button keeps the place it was put once the viewport is big enough again", () => {
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    const fab = screen.getByTestId("floating-button");
    fireEvent.pointerDown(fab, { pointerId: 1, button: 0, clientX: 300, clientY: 600 });
    fireEvent.pointerMove(fab, { pointerId: 1, clientX: 200, clientY: 400 });
    fireEvent.pointerUp(fab, { pointerId: 1, clientX: 200, clientY: 400 });
    const placed = at(fab);
    resizeTo(120, 100);
    // Inside the small viewport meanwhile.
    expect(at(fab).left).toBeLessThanOrEqual(120 - 56 - 12);
    expect(at(fab).top).toBeLessThanOrEqual(100 - 56 - 12);
    resizeTo(375, 812);
    expect(at(fab)).toEqual(placed);
  });
});

describe("Accessibility", () => {
  it("has a skip link to the main content", () => {
    mockFetch({ [progressUrl]: () => json({ brain: false, social: false, posts: false }) });
    renderShell();
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip).toHaveAttribute("href", "#main-content");
    expect(screen.getByRole("main")).toHaveAttribute("id", "main-content");
  });
});
