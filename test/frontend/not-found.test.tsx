import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { system } from "../../frontend/app/theme";
import NotFoundPage from "../../frontend/components/ui/not-found-page";

describe("NotFoundPage", () => {
  it("links back home", () => {
    render(
      <ChakraProvider value={system}>
        <MemoryRouter>
          <NotFoundPage />
        </MemoryRouter>
      </ChakraProvider>,
    );
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });
});
