// The notice beside generated drafts (decision 119): a brief subject the brain has nothing
// on, and a campaign shorter than asked, in the campaign creator and in Create Post's generate.
// Non-blocking: the drafts are there and can be scheduled; Brain Studio is one click away.
import { ChakraProvider } from "@chakra-ui/react";
import { configure, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import { Toaster, toaster } from "../../frontend/components/ui/toaster";
import CampaignNewPage from "../../frontend/features/campaigns/campaign-new-page";
import { quotedList, shortfallText } from "../../frontend/components/posts/generation-notice";
import CreatePostDialog from "../../frontend/features/posts/create-post-dialog";
import { makeProject } from "./test-utils";
import { fakeApi } from "./fake-api";

configure({ asyncUtilTimeout: 5000 });

const project = makeProject();

const posts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    content: `Our Morning Mist blend, take ${i + 1}.`,
    hashtags: ["LumenTea"],
    platform: "twitter",
    scheduled_for: new Date(Date.UTC(2030, 0, 1 + i, 9, 0)).toISOString(),
    sources: [],
  }));

function answerGenerate(body: object) {
  fakeApi({ "POST /api/projects/:projectId/generate": body, "GET /api/projects/:projectId/social-accounts": [] });
}
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.dismiss();
});

function renderWithRoutes(element: React.ReactNode, path: string) {
  return render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AuthTestProvider value={{ user: { id: "u1", email: "a@example.com" }, project }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={path} element={element} />
              <Route path="/brain" element={<h1>Brain Studio here</h1>} />
            </Routes>
          </MemoryRouter>
          <Toaster />
        </AuthTestProvider>
      </SWRConfig>
    </ChakraProvider>,
  );
}

async function generateCampaign(count: number) {
  const user = userEvent.setup({ delay: null });
  renderWithRoutes(<CampaignNewPage />, "/campaigns/new");
  await user.type(screen.getByLabelText("Campaign prompt"), "Announce our summer sale and the Morning Mist blend");
  await user.clear(screen.getByLabelText("Number of posts"));
  await user.type(screen.getByLabelText("Number of posts"), String(count));
  await user.click(screen.getByRole("button", { name: "Generate Posts" }));
  await screen.findByRole("heading", { name: "Generated Posts" });
  return user;
}

describe("the generation notice's texts", () => {
  it("quotes one, two or more subjects", () => {
    expect(quotedList(["summer sale"])).toBe("“summer sale”");
    expect(quotedList(["summer sale", "gift cards"])).toBe("“summer sale” or “gift cards”");
    expect(quotedList(["a", "b", "c"])).toBe("“a”, “b” or “c”");
  });

  it("says why a local campaign is short, and only reports a model's", () => {
    expect(shortfallText({ engine: "local", skipped_subjects: [], requested_count: 6, generated: 4 })).toBe(
      "Wrote 4 of 6 messages: your brand brain has no more distinct facts for this brief. Add 2 more facts that serve this brief to your brand brain to get more.",
    );
    // What to add is computed from the shortfall and the brief's subjects (decision 228).
    expect(shortfallText({ engine: "local", skipped_subjects: [], requested_count: 6, generated: 5, add_to_brain: ["beginner course", "mats"] })).toBe(
      "Wrote 5 of 6 messages: your brand brain has no more distinct facts for this brief. Add 1 more fact about “beginner course” or “mats” to your brand brain to get more.",
    );
    expect(shortfallText({ engine: "openai", skipped_subjects: [], requested_count: 6, generated: 5 })).toBe("Wrote 5 of 6 messages.");
    expect(shortfallText({ engine: "local", skipped_subjects: [], requested_count: 6, generated: 6 })).toBeNull();
  });
});

describe("campaign creator: the generation notice", () => {
  it("names the skipped subject and says the campaign is shorter, with a link to Brain Studio that works", async () => {
    answerGenerate({ engine: "local", posts: posts(4), skipped_subjects: ["summer sale"], requested_count: 6, add_to_brain: ["Morning Mist blend"] });
    const user = await generateCampaign(6);
    const notice = screen.getByTestId("generation-notice");
    expect(notice).toHaveTextContent("Your brain has nothing on “summer sale” yet — add a document about it in Brain Studio, or edit the posts.");
    expect(notice).toHaveTextContent(
      "Wrote 4 of 6 messages: your brand brain has no more distinct facts for this brief. Add 2 more facts about “Morning Mist blend” to your brand brain to get more.",
    );
    // Non-blocking: the drafts are listed and can be scheduled.
    expect(screen.getAllByTestId("generated-post")).toHaveLength(4);
    expect(screen.getByRole("button", { name: "Schedule All Posts" })).toBeEnabled();
    const link = within(notice).getByRole("link", { name: "Brain Studio" });
    expect(link).toHaveAttribute("href", "/brain");
    await user.click(link);
    expect(await screen.findByRole("heading", { name: "Brain Studio here" })).toBeInTheDocument();
  });

  it("names several subjects, and says nothing of the count when it is met", async () => {
    answerGenerate({ engine: "local", posts: posts(3), skipped_subjects: ["summer sale", "gift cards"], requested_count: 3 });
    await generateCampaign(3);
    const notice = screen.getByTestId("generation-notice");
    expect(notice).toHaveTextContent(
      "Your brain has nothing on “summer sale” or “gift cards” yet — add a document about them in Brain Studio, or edit the posts.",
    );
    expect(notice).not.toHaveTextContent(/Wrote \d+ of/);
  });

  it("says when the local writer drafted because the AI model's answer could not be used (decision 226)", async () => {
    const reason = "The AI model declined to write these posts twice, so they were drafted from your brand brain's sentences instead.";
    answerGenerate({ engine: "local", posts: posts(3), skipped_subjects: [], requested_count: 3, fallback: reason });
    await generateCampaign(3);
    expect(screen.getByTestId("generation-notice")).toHaveTextContent(reason);
    expect(screen.getByText("Drafted from your brand brain's sentences")).toBeInTheDocument();
  });

  it("shows no notice for a complete generation", async () => {
    answerGenerate({ engine: "openai", posts: posts(3), skipped_subjects: [], requested_count: 3 });
    await generateCampaign(3);
    expect(screen.queryByTestId("generation-notice")).not.toBeInTheDocument();
  });
});

describe("Create Post: the generation notice", () => {
  it("tells the user the brain has nothing on the subject, for one post, and closes the dialog on the link", async () => {
    answerGenerate({ engine: "local", posts: posts(1), skipped_subjects: ["summer sale"], requested_count: 1 });
    const onOpenChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithRoutes(<CreatePostDialog open onOpenChange={onOpenChange} />, "/dashboard");
    const dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Generate with AI" }));
    await user.type(within(dialog).getByPlaceholderText("What would you like to post about?"), "Announce our summer sale");
    await user.click(within(dialog).getByRole("button", { name: "Generate" }));
    const notice = await within(dialog).findByTestId("generation-notice");
    expect(notice).toHaveTextContent("Your brain has nothing on “summer sale” yet — add a document about it in Brain Studio, or edit the post.");
    // The generated text is there to edit or post anyway.
    expect(within(dialog).getByLabelText("Content")).toHaveValue("Our Morning Mist blend, take 1.");
    await user.click(within(notice).getByRole("link", { name: "Brain Studio" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
