import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CalendarPage from "../../frontend/features/calendar/calendar-page";
import { PostDetailDialog } from "../../frontend/features/calendar/post-detail-dialog";
import { todayDate } from "../../frontend/lib/calendar-dates";
import { mentionQuery } from "../../frontend/components/posts/post-thread";
import { browserTimeZone } from "../../schema/api/campaigns";
import { localDateTimeToUtc } from "../../schema/api/campaign-schedule";
import type { Role } from "../../schema/api/permissions";
import type { Post } from "../../schema/api/posts";
import type { PostComment, Team } from "../../schema/api/team";
import { calendarAnswer, makePost, makeProject, renderAppPage } from "./test-utils";
import { fakeApi, type FakeRequest } from "./fake-api";

// Decision 202: the post detail offers Approve / Request changes and the comment thread to whom the
// lifecycle module allows, and every post button follows the member's role.
const tz = browserTimeZone();
const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
const past = new Date(Date.now() - 3_600_000).toISOString();

let posts: Post[];
let comments: PostComment[];
let calls: FakeRequest[];
const team: Team = {
  members: [
    { user_id: "u1", email: "a@b.c", role: "reviewer", joined_at: 0, you: true },
    { user_id: "u2", email: "editor@acme.test", role: "editor", joined_at: 0, you: false },
    { user_id: "u3", email: "owner@acme.test", role: "owner", joined_at: 0, you: false },
  ],
  invitations: [],
};

beforeEach(() => {
  comments = [
    { id: "c1", post_id: "r1", author: "editor@acme.test", kind: "comment", body: "Ready for a look", created_at: Date.UTC(2026, 0, 5, 9), mine: false },
  ];
  posts = [
    makePost({ id: "r1", content: "Waiting for approval", status: "in_review", scheduled_for: future }),
    makePost({
      id: "s1",
      content: "Already scheduled",
      status: "scheduled",
      scheduled_for: new Date(localDateTimeToUtc(todayDate(tz), "12:00", tz)!).toISOString(),
    }),
  ];
  // Not a member of its project, or gone: the API answers 404.
  const notFound: [number, unknown] = [404, { error: { code: "not_found", message: "Post not found" } }];
  const find = (id: string) => posts.find((p) => p.id === id);
  // A comment or a review decision, added to the post's thread.
  const comment = (postId: string, kind: PostComment["kind"], body: string | undefined): [number, PostComment] => {
    const c: PostComment = { id: `c${comments.length + 1}`, post_id: postId, author: "a@b.c", kind, body: body!, created_at: Date.now(), mine: true };
    comments.push(c);
    return [201, c];
  };
  calls = fakeApi({
    "GET /api/projects/p1/calendar": ({ query }) => calendarAnswer(query.get("status") === "draft" ? [] : posts.filter((p) => p.id === "s1" || p.id === "r1")),
    "/api/projects/p1/members": team,
    "/api/projects/p1/comment-counts": () => ({
      counts: Object.fromEntries(posts.map((p) => [p.id, comments.filter((c) => c.post_id === p.id).length]).filter(([, n]) => n)),
    }),
    "GET /api/posts/:id/comments": ({ params }) => (find(params.id!) ? comments.filter((c) => c.post_id === params.id) : notFound),
    "POST /api/posts/:id/comments": ({ params, body }) => (find(params.id!) ? comment(params.id!, "comment", (body as { body: string }).body) : notFound),
    "/api/posts/:id/review": ({ params, body }) => {
      const post = find(params.id!);
      if (!post) return notFound;
      const { decision, comment: note } = body as { decision: string; comment?: string };
      if (decision === "approve") post.status = "scheduled";
      return comment(post.id, decision === "approve" ? "approved" : "changes_requested", note);
    },
    "/api/posts/:id": ({ params }) => find(params.id!) ?? notFound,
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

function openDetail(post: Post, role: Role, onChanged = vi.fn()) {
  const project = makeProject({ role });
  renderAppPage(
    <PostDetailDialog post={post} timeZone={tz} onClose={() => {}} onSave={async () => true} projectId="p1" role={role} onChanged={onChanged} />,
    project,
  );
  return onChanged;
}

const reviews = () => calls.filter((c) => c.url.endsWith("/review"));

describe("post detail: review and comments", () => {
  it("a Reviewer requests changes only with a note, then approves; the decisions land in the thread", async () => {
    const user = userEvent.setup();
    const onChanged = openDetail(posts[0]!, "reviewer");
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("Ready for a look")).toBeInTheDocument();
    expect(within(dialog).getByText("In review")).toBeInTheDocument();
    // A Reviewer edits nothing.
    expect(within(dialog).queryByRole("button", { name: "Edit" })).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Request changes" }));
    const send = within(dialog).getByRole("button", { name: "Send request" });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText("What should change?"), "Use the spring photo");
    await user.click(send);
    await waitFor(() => expect(reviews()).toHaveLength(1));
    expect(reviews()[0]!.body).toEqual({ decision: "request_changes", comment: "Use the spring photo" });
    expect(await within(dialog).findByText("Use the spring photo")).toBeInTheDocument();
    expect(within(dialog).getByText("Changes requested")).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();

    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(reviews()).toHaveLength(2));
    expect(reviews()[1]!.body).toEqual({ decision: "approve", comment: "" });
    // The post is Scheduled now: the review box goes and the badge follows.
    await waitFor(() => expect(within(dialog).queryByTestId("review-actions")).toBeNull());
    expect(within(dialog).getByText("scheduled")).toBeInTheDocument();
  });

  it("approving a post whose time has passed asks first, and sends nothing when cancelled", async () => {
    const user = userEvent.setup();
    openDetail({ ...posts[0]!, scheduled_for: past }, "owner");
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("This post's time has passed: once approved it publishes right away.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(reviews()).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    await user.click(await screen.findByRole("button", { name: "Approve and publish" }));
    await waitFor(() => expect(reviews()).toHaveLength(1));
  });

  it("an Editor sees no Approve but edits the post In review, and comments with an @mention picked from the members", async () => {
    const user = userEvent.setup();
    openDetail(posts[0]!, "editor");
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("Ready for a look");
    expect(within(dialog).queryByRole("button", { name: "Approve" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Request changes" })).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Edit" })).toBeInTheDocument();

    const box = within(dialog).getByPlaceholderText("Add a comment (type @ to mention a member)");
    await user.type(box, "Thanks @own");
    // Only members matching what is typed are offered; never the writer themself.
    const picker = await within(dialog).findByRole("group", { name: "Mention a member" });
    expect(
      within(picker)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["@owner@acme.test"]);
    await user.click(within(picker).getByRole("button", { name: "@owner@acme.test" }));
    expect(box).toHaveValue("Thanks @owner@acme.test ");
    await user.click(within(dialog).getByRole("button", { name: "Comment" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url.endsWith("/comments"))).toBe(true));
    expect(calls.find((c) => c.method === "POST" && c.url.endsWith("/comments"))!.body).toEqual({ body: "Thanks @owner@acme.test" });
    expect(await within(dialog).findByText("Thanks @owner@acme.test")).toBeInTheDocument();
    expect(within(dialog).getByText("You")).toBeInTheDocument();
  });

  it("a comment that fails to send keeps its text and says why", async () => {
    const user = userEvent.setup();
    const real = fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith("/comments") && init?.method === "POST"
        ? new Response(JSON.stringify({ error: { code: "forbidden", message: "Your role in this project does not allow this" } }), {
            status: 403,
            headers: { "content-type": "application/json" },
          })
        : real(input, init),
    );
    openDetail(posts[0]!, "editor");
    const dialog = await screen.findByRole("dialog");
    const box = within(dialog).getByPlaceholderText("Add a comment (type @ to mention a member)");
    await user.type(box, "Hello");
    await user.click(within(dialog).getByRole("button", { name: "Comment" }));
    expect(await screen.findByText("Your role in this project does not allow this")).toBeInTheDocument();
    expect(box).toHaveValue("Hello");
  });

  it("finds the @word being typed", () => {
    expect(mentionQuery("hi @Ow")).toBe("ow");
    expect(mentionQuery("@")).toBe("");
    expect(mentionQuery("mail a@b.c")).toBeNull();
    expect(mentionQuery("hi @owner@acme.test ")).toBeNull();
  });
});

describe("the calendar follows the member's role", () => {
  const card = (id: string) => screen.getAllByTestId("post-card").find((c) => c.getAttribute("data-post-id") === id)!;

  it("a Reviewer's cards offer no edit, publish or delete, and there is no Select or Import", async () => {
    renderAppPage(<CalendarPage />, makeProject({ role: "reviewer" }));
    await screen.findByText("Already scheduled");
    for (const name of ["Publish now", "Edit post", "Delete post"]) expect(within(card("s1")).queryByRole("button", { name })).toBeNull();
    expect(card("s1").getAttribute("draggable")).toBe("false");
    expect(screen.queryByRole("button", { name: "Select" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Import CSV/ })).toBeNull();
  });

  it("an Editor's In review card moves and edits but does not publish; the status filter shows In review alone", async () => {
    const user = userEvent.setup();
    posts[0]!.scheduled_for = new Date(localDateTimeToUtc(todayDate(tz), "15:00", tz)!).toISOString();
    renderAppPage(<CalendarPage />, makeProject({ role: "editor" }));
    await screen.findByText("Waiting for approval");
    expect(within(card("r1")).queryByRole("button", { name: "Publish now" })).toBeNull();
    expect(within(card("r1")).getByRole("button", { name: "Edit post" })).toBeInTheDocument();
    expect(card("r1").getAttribute("draggable")).toBe("true");
    expect(within(card("r1")).getByText("In review")).toBeInTheDocument();
    // The comment count: on the card with a comment, none on the other.
    expect(await within(card("r1")).findByLabelText("1 comment")).toBeInTheDocument();
    expect(within(card("s1")).queryByTestId("comment-count")).toBeNull();
    expect(within(card("s1")).getByRole("button", { name: "Publish now" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Filters" }));
    await user.selectOptions(screen.getByLabelText("Status"), "in_review");
    await waitFor(() => expect(screen.queryByText("Already scheduled")).toBeNull());
    expect(screen.getByText("Waiting for approval")).toBeInTheDocument();
  });
});

describe("a link to a post (/calendar?post=<id>)", () => {
  function renderAt(
    path: string,
    auth: { project: ReturnType<typeof makeProject>; projects: ReturnType<typeof makeProject>[]; switchProject?: (id: string) => void },
  ) {
    return render(
      <ChakraProvider value={system}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <AuthTestProvider value={{ user: { id: "u1", email: "a@b.c" }, ...auth }}>
            <MemoryRouter initialEntries={[path]}>
              <CalendarPage />
            </MemoryRouter>
          </AuthTestProvider>
        </SWRConfig>
      </ChakraProvider>,
    );
  }

  it("opens the post of the current project on its day", async () => {
    renderAt("/calendar?post=r1", { project: makeProject({ role: "reviewer" }), projects: [makeProject({ role: "reviewer" })] });
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Waiting for approval")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Approve" })).toBeInTheDocument();
  });

  it("switches to the post's project when the user is a member of it", async () => {
    posts[0]!.project_id = "p2";
    const switchProject = vi.fn();
    const other = makeProject({ id: "p2", name: "Other brand", role: "editor" });
    renderAt("/calendar?post=r1", { project: makeProject(), projects: [makeProject(), other], switchProject });
    await waitFor(() => expect(switchProject).toHaveBeenCalledWith("p2"));
  });

  it("answers the not-found page for a post the user cannot see", async () => {
    renderAt("/calendar?post=someone-elses", { project: makeProject(), projects: [makeProject()] });
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
  });
});
