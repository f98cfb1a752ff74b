import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { system } from "../../frontend/app/theme";
import { PostSources } from "../../frontend/components/posts/post-sources";

const sources = [
  { segment_id: "d1:s0", document_id: "d1", document_title: "Brand book", content: "Our mobile repair van comes to your home or office." },
  { segment_id: "d1:s3", document_id: "d1", document_title: "Brand book", content: "The frame is guaranteed for ten years." },
  { segment_id: "d2:s1", document_id: "d2", document_title: "FAQ", content: "Prices start at 3,900 euros." },
];

describe("PostSources", () => {
  it("names the documents a post is based on and opens the quoted passages in one click", async () => {
    render(
      <ChakraProvider value={system}>
        <PostSources sources={sources} />
      </ChakraProvider>,
    );
    const button = screen.getByRole("button", { name: "Based on: Brand book, FAQ (3 passages)" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("The frame is guaranteed for ten years.")).toBeNull();
    await userEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    const list = screen.getByRole("list", { name: "Sources" });
    expect(list.querySelectorAll("li")).toHaveLength(3);
    expect(screen.getByText("The frame is guaranteed for ten years.")).toBeInTheDocument();
    await userEvent.click(button);
    expect(screen.queryByRole("list", { name: "Sources" })).toBeNull();
  });

  it("shows nothing for a post written by hand", () => {
    const { container } = render(
      <ChakraProvider value={system}>
        <PostSources sources={[]} />
      </ChakraProvider>,
    );
    expect(container.querySelector("[data-testid=post-sources]")).toBeNull();
  });
});
