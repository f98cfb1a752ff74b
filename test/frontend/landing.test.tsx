import { ChakraProvider } from "@chakra-ui/react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { system } from "../../frontend/app/theme";
import { ANALYZE_MS, FEED_DELAY_MS, LandingDemo, ROTATE_MS } from "../../frontend/features/landing/landing-demo";
import LandingPage from "../../frontend/features/landing/landing-page";
import { NETWORK_NAMES } from "../../frontend/features/landing/network-names.gen";
import { PLATFORM_STYLE, SAMPLE_POSTS } from "../../frontend/features/landing/sample-posts";
import { LANDING } from "../../platforms/landing";
import { networkName, PLATFORM_IDS } from "../../platforms/registry";

const wrap = (ui: React.ReactNode) =>
  render(
    <ChakraProvider value={system}>
      <MemoryRouter>{ui}</MemoryRouter>
    </ChakraProvider>,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe("landing page", () => {
  it("has the hero, section anchors, and every Launch App goes to /signup", () => {
    wrap(<LandingPage />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Social Media on Autopilot");
    // The desktop bar is display:none at jsdom's (mobile) base styles: read it from the DOM.
    const sections = document.querySelector<HTMLElement>('nav[aria-label="Sections"]')!;
    const anchors = [...sections.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(anchors).toEqual([
      ["Live Demo", "#demo"],
      ["Features", "#features"],
      ["Growth", "#growth"],
    ]);
    const launch = [...document.querySelectorAll("a")].filter((a) => a.textContent?.includes("Launch App"));
    expect(launch.length).toBeGreaterThanOrEqual(3);
    for (const l of launch) expect(l).toHaveAttribute("href", "/signup");
    for (const id of ["demo", "features", "growth"]) expect(document.getElementById(id)).not.toBeNull();
  });

  it("lists the four features, three growth cards, the 30-day promise and the legal links", () => {
    wrap(<LandingPage />);
    const features = within(document.getElementById("features")!);
    for (const name of ["AI Brain", "Schedule", "Connect Everything", "Future-Ready UI"]) {
      expect(features.getByRole("heading", { level: 3, name })).toBeInTheDocument();
    }
    expect(within(document.getElementById("growth")!).getAllByRole("heading", { level: 3 })).toHaveLength(3);
    expect(screen.getByRole("heading", { level: 2, name: /30 days of content/ })).toBeInTheDocument();
    const legal = screen.getByRole("navigation", { name: "Legal" });
    expect(within(legal).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(within(legal).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  });

  // Decision 205: the landing page said "4 platforms" and "Facebook and LinkedIn are on the way".
  it("names every network of the registry, one name each, and counts them", () => {
    // The generated list is the registry's (re-run scripts/gen-network-names.mjs after adding one).
    expect([...NETWORK_NAMES]).toEqual(PLATFORM_IDS.map((id) => networkName(id)));
    wrap(<LandingPage />);
    const connect = document.getElementById("features")!.textContent!;
    for (const name of NETWORK_NAMES) expect(connect).toContain(name);
    expect(connect).not.toMatch(/on the way|Twitter \(X\)/);
    expect(document.body.textContent).toContain(`${PLATFORM_IDS.length} networks, one calendar`);
  });

  it("has a Log in link in its top bar at every width", () => {
    wrap(<LandingPage />);
    const bar = within(screen.getByRole("banner"));
    expect(bar.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });

  it("the mobile menu opens and closes from the hamburger button", () => {
    wrap(<LandingPage />);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle);
    const menu = screen.getByRole("navigation", { name: "Sections (mobile)" });
    expect(within(menu).getByRole("link", { name: /Launch App/ })).toHaveAttribute("href", "/signup");
    fireEvent.click(within(menu).getByRole("link", { name: "Features" }));
    expect(screen.queryByRole("navigation", { name: "Sections (mobile)" })).toBeNull();
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

describe("landing demo", () => {
  const step = () => screen.getByTestId("landing-demo").getAttribute("data-step");
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it("runs upload -> analyzing -> carousel with the spec's timings", () => {
    vi.useFakeTimers();
    wrap(<LandingDemo />);
    expect(step()).toBe("1");
    expect(screen.getByText("Drop your brand documents here")).toBeInTheDocument();
    advance(10_000);
    expect(step()).toBe("1"); // nothing happens until the visitor clicks

    fireEvent.click(screen.getByRole("button", { name: /Drop your brand documents here/ }));
    const docs = screen.getByRole("list", { name: "Sample documents" });
    expect(within(docs).getAllByRole("listitem")).toHaveLength(3);
    advance(FEED_DELAY_MS - 1);
    expect(step()).toBe("1");
    advance(1);
    expect(step()).toBe("2");
    expect(screen.getByText("Analyzing your brand...")).toBeInTheDocument();

    advance(ANALYZE_MS - 1);
    expect(step()).toBe("2");
    advance(1);
    expect(step()).toBe("3");
    expect(screen.getByTestId("demo-counter")).toHaveTextContent(`Post 1 of ${SAMPLE_POSTS.length}`);
    expect(screen.getByTestId("demo-post")).toHaveTextContent(SAMPLE_POSTS[0].content);

    advance(ROTATE_MS - 1);
    expect(screen.getByTestId("demo-counter")).toHaveTextContent("Post 1 of");
    advance(1);
    expect(screen.getByTestId("demo-counter")).toHaveTextContent("Post 2 of");
    expect(screen.getByTestId("demo-post")).toHaveTextContent(SAMPLE_POSTS[1].content);
    advance(ROTATE_MS);
    expect(screen.getByTestId("demo-counter")).toHaveTextContent("Post 3 of");
  });

  it("the carousel can be paused, stepped by hand, and the demo restarted", () => {
    vi.useFakeTimers();
    wrap(<LandingDemo />);
    fireEvent.click(screen.getByRole("button", { name: /Drop your brand documents here/ }));
    advance(FEED_DELAY_MS);
    advance(ANALYZE_MS);
    expect(step()).toBe("3");

    fireEvent.click(screen.getByRole("button", { name: "Pause rotation" }));
    advance(ROTATE_MS * 3);
    expect(screen.getByTestId("demo-counter")).toHaveTextContent("Post 1 of");
    fireEvent.click(screen.getByRole("button", { name: "Next post" }));
    expect(screen.getByTestId("demo-counter")).toHaveTextContent("Post 2 of");
    fireEvent.click(screen.getByRole("button", { name: "Previous post" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous post" }));
    expect(screen.getByTestId("demo-counter")).toHaveTextContent(`Post ${SAMPLE_POSTS.length} of`);
    fireEvent.click(screen.getByRole("button", { name: "Play rotation" }));
    advance(ROTATE_MS);
    expect(screen.getByTestId("demo-counter")).toHaveTextContent("Post 1 of");

    fireEvent.click(screen.getByRole("button", { name: "Restart demo" }));
    expect(step()).toBe("1");
    advance(ANALYZE_MS * 2);
    expect(step()).toBe("1");
  });

  it("the sample catalogue spans every network of the app, and no other", () => {
    const platforms = new Set(SAMPLE_POSTS.map((p) => p.platform));
    expect([...platforms].sort()).toEqual([...PLATFORM_IDS].sort());
    expect(SAMPLE_POSTS.length).toBeGreaterThanOrEqual(24);
  });

  it("the demo posts and marks are the networks' own (platforms/<network>/landing.ts), all of them, the networks taken in turn", () => {
    // Generated by scripts/gen-network-names.mjs: re-run it after changing a network's demo posts.
    const own = (id: (typeof PLATFORM_IDS)[number]) => LANDING[id].posts.map((p) => ({ platform: id, content: p.content, hashtags: [...p.hashtags] }));
    expect([...SAMPLE_POSTS].sort((a, b) => a.content.localeCompare(b.content))).toEqual(
      PLATFORM_IDS.flatMap(own).sort((a, b) => a.content.localeCompare(b.content)),
    );
    expect(SAMPLE_POSTS.slice(0, PLATFORM_IDS.length).map((p) => p.platform)).toEqual([...PLATFORM_IDS]);
    for (const id of PLATFORM_IDS) expect(PLATFORM_STYLE[id].initial).toBe(LANDING[id].initial);
  });
});
