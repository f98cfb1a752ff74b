// The client's review page (decision 265): no account, the shared posts with their network preview,
// a decision sent with the visitor's name, and a clear page for an expired link.
import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SharedReview } from "../../schema/api/review-links";
import { system } from "../../frontend/app/theme";
import ReviewPage from "../../frontend/features/review/review-page";
import { fakeApi } from "./fake-api";

const TOKEN = "t".repeat(43);
const review: SharedReview = {
  project_name: "Seaside Inn",
  expires_at: Date.parse("2026-12-05T10:00:00Z"),
  posts: [
    {
      id: "p1",
      platform: "twitter",
      content: "Our spring menu starts Friday",
      hashtags: ["Spring"],
      scheduled_for: "2026-12-01T09:00:00.000Z",
      status: "in_review",
      media_url: null,
    },
  ],
};

function renderPage() {
  render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[`/review/${TOKEN}`]}>
          <Routes>
            <Route path="/review/:token" element={<ReviewPage />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </ChakraProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("review page", () => {
  it("shows the shared post and sends a request for changes with the visitor's name and comment", async () => {
    const { calls } = fakeApi({
      [`GET /api/review/${TOKEN}`]: review,
      [`POST /api/review/${TOKEN}/posts/p1/decision`]: [201, { ok: true }],
    });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Posts for your review" })).toBeInTheDocument();
    expect(screen.getByText(/Seaside Inn shared 1 post/)).toBeInTheDocument();
    expect(screen.getByText(/Our spring menu starts Friday/)).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    // Without a name nothing is sent.
    await user.click(screen.getByRole("button", { name: "Request changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter your name");
    await user.type(screen.getByLabelText(/Your name/), "Dana");
    await user.click(screen.getByRole("button", { name: "Request changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please say what should change");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.type(screen.getByLabelText("Comment"), "Say Saturday too");
    await user.click(screen.getByRole("button", { name: "Request changes" }));
    expect(await screen.findByText("Thanks: your request for changes was sent to the team.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ decision: "request_changes", name: "Dana", comment: "Say Saturday too" });
  });

  it("an expired or revoked link shows a clear page", async () => {
    fakeApi({ "*": [410, { error: { code: "gone", message: "This link has expired or was revoked" } }] });
    renderPage();
    expect(await screen.findByRole("heading", { name: "This review link has expired" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/Ask the person who shared it for a new one/)).toBeInTheDocument());
  });
});
