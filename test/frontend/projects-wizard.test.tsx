import { ChakraProvider } from "@chakra-ui/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { DEFAULT_PROJECT, type Project } from "../../schema/api/projects";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import { Toaster, notify, toaster } from "../../frontend/components/ui/toaster";
import ProjectWizardPage from "../../frontend/features/projects/project-wizard-page";
import { addDocuments } from "../../frontend/features/projects/document-picker";
import { fakeApi } from "./fake-api";

const created: Project = {
  id: "p-new",
  user_id: "u1",
  name: "Acme Coffee",
  industry: "ecommerce",
  brand_voice: "playful",
  description: "Small-batch coffee roasted in Lisbon",
  has_seen_onboarding: false,
  user_email: "a@example.com",
  created_at: 1,
  role: "owner",
  approvals_required: false,
  owner_posts_need_review: false,
  brand_color: null,
};

let api: ReturnType<typeof fakeApi>;
let reloadProjects: Mock<() => Promise<void>>;
let setProject: Mock<(p: Project) => void>;

function renderWizard(current: Project | null = null, entry = "/onboarding") {
  return render(
    <ChakraProvider value={system}>
      <AuthTestProvider value={{ reloadProjects, setProject, project: current }}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/onboarding" element={<ProjectWizardPage />} />
            <Route path="/social-connect" element={<h1>Social connect screen</h1>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </AuthTestProvider>
    </ChakraProvider>,
  );
}

const stepHeading = () => screen.getByRole("heading", { level: 2 });
const file = (name: string, body = "brand text") => new File([body], name, { type: "" });

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Project Name/), "Acme Coffee");
  await user.selectOptions(screen.getByLabelText(/Industry/), "ecommerce");
  await user.selectOptions(screen.getByLabelText(/Brand Voice/), "playful");
  await user.type(screen.getByLabelText(/Description/), "Small-batch coffee roasted in Lisbon");
}

/** Fills the details, adds one document and presses Create Project on the review step. */
async function createWithDocument(user: ReturnType<typeof userEvent.setup>, doc: File) {
  await fillDetails(user);
  await user.click(screen.getByRole("button", { name: "Next" }));
  await user.upload(screen.getByLabelText("Brand documents"), [doc]);
  await user.click(screen.getByRole("button", { name: "Next" }));
  await user.click(screen.getByRole("button", { name: "Create Project" }));
}

beforeEach(() => {
  api = fakeApi({ "POST /api/projects": [201, created] });
  reloadProjects = vi.fn(async () => {});
  setProject = vi.fn<(p: Project) => void>();
  vi.spyOn(notify, "success");
  vi.spyOn(notify, "error");
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => toaster.dismiss());
});

describe("project wizard", () => {
  it("shows the three steps and starts on Project Details with Back disabled", () => {
    renderWizard();
    const steps = screen.getByRole("list", { name: "Progress" });
    expect(
      within(steps)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["1Project Details", "2Brand Documents", "3Review"]);
    expect(stepHeading()).toHaveTextContent("Project Details");
    expect(screen.getByRole("button", { name: "Back" })).toBeDisabled();
  });

  it("blocks Next with the spec's messages for empty details", async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Project name must be at least 2 characters")).toBeInTheDocument();
    expect(screen.getByText("Please select an industry")).toBeInTheDocument();
    expect(screen.getByText("Please describe your brand voice")).toBeInTheDocument();
    expect(screen.getByText("Please provide a brief description")).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent("Project Details");
  });

  it("refuses a name longer than 50 characters and a short description", async () => {
    const user = userEvent.setup();
    renderWizard();
    await fillDetails(user);
    await user.type(screen.getByLabelText(/Project Name/), "x".repeat(45));
    await user.clear(screen.getByLabelText(/Description/));
    await user.type(screen.getByLabelText(/Description/), "short");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Project name must be less than 50 characters")).toBeInTheDocument();
    expect(screen.getByText("Please provide a brief description")).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent("Project Details");
  });

  it("offers the spec's industries and brand voices", () => {
    renderWizard();
    const industries = within(screen.getByLabelText(/Industry/))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(industries).toEqual([
      "Select an industry",
      "Technology",
      "E-commerce",
      "Healthcare",
      "Education",
      "Finance",
      "Hospitality",
      "Retail",
      "Fitness & Wellness",
      "Professional Services",
      "Nonprofit",
      "Other",
    ]);
    const voices = within(screen.getByLabelText(/Brand Voice/))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(voices).toEqual([
      "Select a brand voice",
      "Professional & Formal",
      "Casual & Friendly",
      "Playful & Fun",
      "Luxury & Sophisticated",
      "Technical & Precise",
    ]);
  });

  it("moves forward and back, bounded at both ends, keeping what was typed", async () => {
    const user = userEvent.setup();
    renderWizard();
    await fillDetails(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(stepHeading()).toHaveTextContent("Brand Documents");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(stepHeading()).toHaveTextContent("Review");
    expect(screen.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create Project" })).toBeInTheDocument();
    expect(screen.getByText("E-commerce", { selector: "dd" })).toBeInTheDocument();
    expect(screen.getByText("Playful & Fun", { selector: "dd" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back" }));
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(stepHeading()).toHaveTextContent("Project Details");
    expect(screen.getByRole("button", { name: "Back" })).toBeDisabled();
    expect(screen.getByLabelText(/Project Name/)).toHaveValue("Acme Coffee");
    expect(api.calls).toEqual([]);
  });

  it("adds documents by click and drag-and-drop, refuses other types, and removes before submit", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWizard();
    await fillDetails(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    const input = screen.getByLabelText("Brand documents");
    await user.upload(input, [file("deck.pdf"), file("notes.txt"), file("logo.png")]);
    expect(screen.getByRole("alert")).toHaveTextContent("logo.png: Only PDF, DOC, DOCX and TXT files are allowed");
    fireEvent.drop(screen.getByRole("button", { name: "Add brand documents" }), {
      dataTransfer: { files: [file("brief.docx"), file("old.doc")] },
    });
    const list = screen.getByRole("list", { name: "Selected documents" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent?.split(/\d/)[0]),
    ).toEqual(["deck.pdf", "notes.txt", "brief.docx", "old.doc"]);
    await user.click(screen.getByRole("button", { name: "Remove notes.txt" }));
    expect(screen.queryByText("notes.txt")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    const review = screen.getByRole("list", { name: "Documents to upload" });
    expect(within(review).getAllByRole("listitem")).toHaveLength(3);
  });

  it("creates the project with its documents, makes it current and goes to /social-connect", async () => {
    const user = userEvent.setup();
    renderWizard();
    await createWithDocument(user, file("deck.pdf", "%PDF-1.4"));
    expect(await screen.findByRole("heading", { name: "Social connect screen" })).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    const [{ url, method, body: sent }] = api.calls as [(typeof api.calls)[number]];
    expect(url).toBe("/api/projects");
    expect(method).toBe("POST");
    const body = sent as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([k]) => k !== "documents"))).toEqual({
      name: "Acme Coffee",
      industry: "ecommerce",
      brand_voice: "playful",
      description: "Small-batch coffee roasted in Lisbon",
    });
    expect((body.getAll("documents") as File[]).map((f) => f.name)).toEqual(["deck.pdf"]);
    expect(reloadProjects).toHaveBeenCalled();
    expect(setProject).toHaveBeenCalledWith(created);
    expect(notify.success).toHaveBeenCalledWith("Project created successfully!");
    expect(await screen.findByText("Project created successfully!")).toBeInTheDocument();
  });

  it("first run: describes the untouched default project instead of creating a second one", async () => {
    const user = userEvent.setup();
    const defaultProject: Project = { ...created, id: "p-default", ...DEFAULT_PROJECT, user_email: "a@example.com" };
    api.queue("PATCH /api/projects/:id", { ...defaultProject, name: "Acme Coffee" });
    renderWizard(defaultProject);
    await fillDetails(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Create Project" }));
    expect(await screen.findByRole("heading", { name: "Social connect screen" })).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    const [{ url, method, body }] = api.calls as [(typeof api.calls)[number]];
    expect(url).toBe("/api/projects/p-default");
    expect(method).toBe("PATCH");
    expect(body).toEqual({
      name: "Acme Coffee",
      industry: "ecommerce",
      brand_voice: "playful",
      description: "Small-batch coffee roasted in Lisbon",
    });
  });

  it("New project from the switcher (?new=1) creates a project even while the default one is untouched", async () => {
    const user = userEvent.setup();
    renderWizard({ ...created, id: "p-default", ...DEFAULT_PROJECT, user_email: "a@example.com" }, "/onboarding?new=1");
    await createWithDocument(user, file("deck.pdf", "%PDF-1.4"));
    expect(await screen.findByRole("heading", { name: "Social connect screen" })).toBeInTheDocument();
    const [{ url, method }] = api.calls as [(typeof api.calls)[number]];
    expect(url).toBe("/api/projects");
    expect(method).toBe("POST");
  });

  it("on failure shows the spec's toast and loses nothing", async () => {
    api.queue("POST /api/projects", [500, { error: { code: "internal", message: "boom" } }]);
    const user = userEvent.setup();
    renderWizard();
    await createWithDocument(user, file("deck.pdf"));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Something went wrong. Please try again."));
    expect(stepHeading()).toHaveTextContent("Review");
    expect(screen.getByText("deck.pdf")).toBeInTheDocument();
    expect(screen.getByText("Acme Coffee")).toBeInTheDocument();
    expect(setProject).not.toHaveBeenCalled();
    // Retrying sends the same details and documents again.
    await user.click(screen.getByRole("button", { name: "Create Project" }));
    expect(await screen.findByRole("heading", { name: "Social connect screen" })).toBeInTheDocument();
    const body = api.calls[1]!.body as FormData;
    expect(body.get("name")).toBe("Acme Coffee");
    expect((body.getAll("documents") as File[]).map((f) => f.name)).toEqual(["deck.pdf"]);
  });

  it("shows a document the server refused", async () => {
    api.queue("POST /api/projects", [400, { error: { code: "invalid_input", message: "x", fields: { "documents.0": "deck.pdf is not a valid PDF file" } } }]);
    const user = userEvent.setup();
    renderWizard();
    await createWithDocument(user, file("deck.pdf"));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("deck.pdf is not a valid PDF file"));
    expect(notify.error).toHaveBeenCalledWith("Something went wrong. Please try again.");
  });
});

describe("addDocuments (client-side checks before upload)", () => {
  const sized = (name: string, size: number) => {
    const f = new File(["x"], name, { lastModified: size });
    Object.defineProperty(f, "size", { value: size });
    return f;
  };
  const MB = 1024 * 1024;

  it("accepts the four types in any letter case and skips duplicates", () => {
    const a = sized("a.PDF", 10);
    const { files, errors } = addDocuments([], [a, sized("b.doc", 10), sized("c.Docx", 10), sized("d.txt", 10), a]);
    expect(files.map((f) => f.name)).toEqual(["a.PDF", "b.doc", "c.Docx", "d.txt"]);
    expect(errors).toEqual([]);
  });

  it("refuses other types, empty files, files over 10 MB, an 11th file, and more than 25 MB in total", () => {
    expect(addDocuments([], [sized("x.rtf", 10)]).errors).toEqual(["x.rtf: Only PDF, DOC, DOCX and TXT files are allowed"]);
    expect(addDocuments([], [sized("e.txt", 0)]).errors).toEqual(["e.txt is empty"]);
    expect(addDocuments([], [sized("big.pdf", 10 * MB + 1)]).errors).toEqual(["big.pdf is larger than 10 MB"]);
    expect(addDocuments([], [sized("max.pdf", 10 * MB)]).files).toHaveLength(1);
    const ten = Array.from({ length: 10 }, (_, i) => sized(`n${i}.txt`, i + 1));
    const eleven = addDocuments(ten, [sized("n10.txt", 99)]);
    expect(eleven.files).toHaveLength(10);
    expect(eleven.errors).toEqual(["At most 10 documents can be added"]);
    const total = addDocuments([sized("a.pdf", 9 * MB), sized("b.pdf", 9 * MB)], [sized("c.pdf", 8 * MB)]);
    expect(total.files).toHaveLength(2);
    expect(total.errors).toEqual(["Documents can be at most 25 MB in total"]);
  });
});
