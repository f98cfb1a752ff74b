import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { system } from "../../frontend/app/theme";
import PrivacyPage from "../../frontend/features/legal/privacy-page";
import TermsPage from "../../frontend/features/legal/terms-page";

function renderAt(path: string, page: React.ReactNode) {
  return render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </ChakraProvider>,
  );
}

describe("legal pages", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 2, 5, 10, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    // jsdom has no scrollIntoView; the tests that need it define it.
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it("/terms shows today's date, the age limit and a link back home", () => {
    renderAt("/terms", <TermsPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeInTheDocument();
    expect(screen.getByTestId("last-updated")).toHaveTextContent("Last updated: March 5, 2026");
    expect(screen.getByRole("link", { name: "← Back to home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("region", { name: /Who may use Brandpilot/ })).toHaveTextContent("at least 18 years old");
    expect(screen.getAllByRole("link", { name: "Privacy Policy" })[0]).toHaveAttribute("href", "/privacy");
  });

  it("the date follows the clock", () => {
    vi.setSystemTime(new Date(2027, 10, 30, 9, 0, 0));
    renderAt("/privacy", <PrivacyPage />);
    expect(screen.getByTestId("last-updated")).toHaveTextContent("Last updated: November 30, 2027");
  });

  it("/privacy has the #data-deletion section: Delete Account, the privacy address, 30 days", () => {
    renderAt("/privacy", <PrivacyPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    const section = document.getElementById("data-deletion");
    expect(section).not.toBeNull();
    const s = within(section!);
    expect(section).toHaveTextContent('"Delete Account"');
    expect(section).toHaveTextContent("processed within 30 days");
    expect(s.getByRole("link", { name: "privacy@brandpilot.app" })).toHaveAttribute("href", expect.stringMatching(/^mailto:privacy@brandpilot\.app/));
    expect(screen.getByRole("link", { name: "Data deletion" })).toHaveAttribute("href", "#data-deletion");
    expect(screen.getByRole("link", { name: "← Back to home" })).toHaveAttribute("href", "/");
  });

  it("scrolls to #data-deletion when linked there", () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    renderAt("/privacy#data-deletion", <PrivacyPage />);
    expect(scrolled).toEqual(["data-deletion"]);
    expect(document.activeElement?.id).toBe("data-deletion");
  });

  it("does not scroll without an anchor", () => {
    const spy = vi.fn();
    Element.prototype.scrollIntoView = spy;
    renderAt("/privacy", <PrivacyPage />);
    expect(spy).not.toHaveBeenCalled();
  });
});
