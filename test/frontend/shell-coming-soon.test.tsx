import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { system } from "../../frontend/app/theme";
import ComingSoonPage from "../../frontend/features/coming-soon/coming-soon-page";

const renderAt = (path: string) =>
  render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[path]}>
        <ComingSoonPage />
      </MemoryRouter>
    </ChakraProvider>,
  );

describe("coming-soon screens", () => {
  it("/content is the Content Library, coming soon, with a way back", () => {
    renderAt("/content");
    expect(screen.getByRole("heading", { level: 1, name: "Content Library" })).toBeInTheDocument();
    expect(screen.getByText("Coming soon")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  it("/analytics is Analytics", () => {
    renderAt("/analytics");
    expect(screen.getByRole("heading", { level: 1, name: "Analytics" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").length).toBeGreaterThan(0);
  });
});
