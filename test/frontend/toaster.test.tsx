import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { system } from "../../frontend/app/theme";
import { notify, Toaster } from "../../frontend/components/ui/toaster";

// Decision 205: a failed sign-in's red toast stayed on screen after the next attempt succeeded.
describe("toasts", () => {
  it("a success closes the failures still open; a later failure shows again", async () => {
    render(
      <ChakraProvider value={system}>
        <Toaster />
      </ChakraProvider>,
    );
    notify.error("Invalid email or password");
    notify.info("Check your inbox");
    expect(await screen.findByText("Invalid email or password")).toBeInTheDocument();
    expect(await screen.findByText("Check your inbox")).toBeInTheDocument();
    notify.success("Welcome back");
    expect(await screen.findByText("Welcome back")).toBeInTheDocument();
    // Dismissed: closed at once (jsdom runs no exit animation, so the node itself stays).
    const toastOf = (text: string) => screen.getByText(text).closest('[data-part="root"]');
    await waitFor(() => expect(toastOf("Invalid email or password")).toHaveAttribute("data-state", "closed"));
    // Only failures close: other messages stay.
    expect(toastOf("Check your inbox")).toHaveAttribute("data-state", "open");
    expect(toastOf("Welcome back")).toHaveAttribute("data-state", "open");
    notify.error("Failed to publish post");
    expect(await screen.findByText("Failed to publish post")).toBeInTheDocument();
    expect(toastOf("Failed to publish post")).toHaveAttribute("data-state", "open");
  });
});
