import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BrainDocumentDto, BrainSummary } from "../../schema/api/brain";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import BrainPage from "../../frontend/features/brain/brain-page";
import { makeProject } from "./test-utils";

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock("../../frontend/components/ui/toaster", () => ({ notify, toaster: { create: vi.fn(), dismiss: vi.fn() }, Toaster: () => null }));

const project = makeProject({ name: "Acme Trail", brand_voice: "Professional & Friendly", description: "Lightweight hiking backpacks" });

const placeholder: BrainSummary = {
  elevator_pitch: "Add content to generate an elevator pitch",
  value_props: [],
  positioning: "",
  brand_story: "",
  content_themes: [],
  insights: {},
  topics: [],
  engine: "local",
  placeholder: true,
  generated_at: 0,
};

const fullSummary: BrainSummary = {
  elevator_pitch: "Acme Trail Co. builds lightweight backpacks from recycled ocean plastic.",
  value_props: ["Lifetime warranty"],
  positioning: "Sustainable gear for weekend hikers.",
  brand_story: "Founded on the trail.",
  content_themes: ["Sustainability", "Trail stories"],
  insights: { audience: [{ content: "Weekend hikers and urban commuters", confidence: 0.85 }] },
  topics: [{ name: "Recycled Plastic", description: "Packs made from ocean plastic", relevance_score: 0.92 }],
  engine: "local",
  placeholder: false,
  generated_at: 1,
};

function doc(over: Partial<BrainDocumentDto>): BrainDocumentDto {
  return {
    id: "d1",
    project_id: "p1",
    title: "Doc",
    type: "document",
    source_name: null,
    status: "ready",
    progress_done: 2,
    progress_total: 2,
    error_message: null,
    content: "",
    char_count: 10,
    parts: 1,
    created_at: 1,
    ...over,
  };
}

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown } | undefined;
let handler: Handler;
const calls: { url: string; method: string; body?: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  for (const f of [notify.success, notify.error, notify.info]) f.mockReset();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? "GET";
      calls.push({ url, method, body: typeof init.body === "string" ? JSON.parse(init.body) : undefined });
      const res = handler(url, init) ?? { status: 404, body: { error: { code: "not_found", message: "Not found" } } };
      return new Response(res.status === 204 ? null : JSON.stringify(res.body), { status: res.status, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AuthTestProvider value={{ user: { id: "u1", email: "a@example.com" } as never, project, projects: [project] }}>
          <MemoryRouter>
            <BrainPage />
          </MemoryRouter>
        </AuthTestProvider>
      </SWRConfig>
    </ChakraProvider>,
  );
}

describe("Brain Studio", () => {
  it("shows the three tabs and the placeholder overview", async () => {
    handler = (url) => (url.endsWith("/brain/summary") ? { status: 200, body: placeholder } : undefined);
    renderPage();
    for (const name of ["Project Overview", "Feed Brain", "Explore Knowledge"]) expect(screen.getByRole("tab", { name })).toBeInTheDocument();
    expect(await screen.findByText("Add content to generate an elevator pitch")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Value Propositions" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Market Position" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Brand Story" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Content Themes" })).toBeInTheDocument();
    expect(screen.queryByText(/local engine/)).not.toBeInTheDocument();
  });

  it("shows a built summary with insights by type, topics and the local-engine label", async () => {
    handler = (url) => (url.endsWith("/brain/summary") ? { status: 200, body: fullSummary } : undefined);
    renderPage();
    expect(await screen.findByText(fullSummary.elevator_pitch)).toBeInTheDocument();
    expect(screen.getByText("Lifetime warranty")).toBeInTheDocument();
    expect(screen.getByText("Sustainability")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Audience" })).toBeInTheDocument();
    expect(screen.getByText("Weekend hikers and urban commuters")).toBeInTheDocument();
    expect(screen.getByText("Recycled Plastic")).toBeInTheDocument();
    expect(screen.getByText("92% relevance")).toBeInTheDocument();
    expect(screen.getByText(/Generated by the local engine/)).toBeInTheDocument();
  });

  it("a field no passage fills says what to add (decision 255)", async () => {
    const hinted = {
      ...fullSummary,
      positioning: "",
      brand_story: "",
      insights: { goal: [{ content: "Open a second shop in Leeds next year.", confidence: 0.9 }] },
      hints: {
        positioning: "Add a sentence about how you differ from your competitors",
        brand_story: "Add a sentence about how and why your brand started",
        audience: "Add a sentence about who your customers are",
      },
    };
    handler = (url) => (url.endsWith("/brain/summary") ? { status: 200, body: hinted } : undefined);
    renderPage();
    expect(await screen.findByText("Add a sentence about how you differ from your competitors")).toBeInTheDocument();
    expect(screen.getByText("Add a sentence about how and why your brand started")).toBeInTheDocument();
    expect(screen.queryByText("No market position yet")).not.toBeInTheDocument();
    // An insight type with none shows its heading and what to add.
    expect(screen.getByRole("heading", { name: "Audience" })).toBeInTheDocument();
    expect(screen.getByText("Add a sentence about who your customers are")).toBeInTheDocument();
  });

  it("shows the inline red error when the summary fails", async () => {
    handler = (url) => (url.endsWith("/brain/summary") ? { status: 502, body: { error: { code: "summary_failed", message: "x" } } } : undefined);
    renderPage();
    expect(await screen.findByText("Failed to load project summary. Please try again.")).toBeInTheDocument();
  });

  it("processes typed content: button rules, progress label, success toast", async () => {
    let docs: BrainDocumentDto[] = [];
    let polls = 0;
    handler = (url, init) => {
      if (url.endsWith("/brain/summary")) return { status: 200, body: placeholder };
      if (url.endsWith("/brain/documents") && init.method === "POST") {
        docs = [doc({ id: "t1", title: "Our story", status: "queued", progress_done: 0, progress_total: 0 })];
        return { status: 202, body: docs[0] };
      }
      if (url.endsWith("/brain/documents")) {
        polls++;
        if (docs[0] && polls === 2) docs = [{ ...docs[0], status: "processing", progress_done: 1, progress_total: 2 }];
        else if (docs[0] && polls > 2) docs = [{ ...docs[0], status: "ready", progress_done: 2, progress_total: 2 }];
        return { status: 200, body: docs };
      }
    };
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("tab", { name: "Feed Brain" }));
    const button = await screen.findByRole("button", { name: /Process Content/ });
    expect(button).toBeDisabled();
    expect(await screen.findByText(/No documents yet/)).toBeInTheDocument();

    const title = screen.getByLabelText("Document Title");
    await user.click(title);
    await user.click(screen.getByLabelText("Content"));
    expect(await screen.findByText("Please enter a document title")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Content"), "We build packs from ocean plastic.");
    expect(button).toBeDisabled();
    await user.type(title, "Our story");
    expect(button).toBeEnabled();

    await user.click(button);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ title: "Our story", content: "We build packs from ocean plastic." });
    expect(await screen.findByRole("button", { name: /Processing\.\.\. \(1\/2\)/ })).toBeDisabled();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith("Document processed successfully!"));
    expect(screen.getByRole("button", { name: /Process Content/ })).toBeDisabled(); // form was reset
    const list = screen.getByRole("list", { name: "Brain documents" });
    expect(within(list).getByText("Ready")).toBeInTheDocument();
  });

  it("lists document states and deletes a document", async () => {
    let docs = [
      doc({ id: "a", title: "Queued one", status: "queued", progress_total: 0, progress_done: 0 }),
      doc({ id: "b", title: "Broken file", status: "failed", error_message: "No valid segments could be processed" }),
      doc({ id: "c", title: "Web page", type: "scrape", source_name: "https://example.com/about" }),
    ];
    handler = (url, init) => {
      if (url.endsWith("/brain/summary")) return { status: 200, body: placeholder };
      if (url.endsWith("/brain/documents/c") && init.method === "DELETE") {
        docs = docs.filter((d) => d.id !== "c");
        return { status: 204 };
      }
      if (url.endsWith("/brain/documents")) return { status: 200, body: docs };
    };
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("tab", { name: "Feed Brain" }));
    expect(await screen.findByText("Queued")).toBeInTheDocument();
    expect(screen.getByText("No valid segments could be processed")).toBeInTheDocument();
    expect(screen.getByText("https://example.com/about")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete Web page" }));
    await waitFor(() => expect(screen.queryByText("https://example.com/about")).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === "DELETE" && c.url.endsWith("/brain/documents/c"))).toBe(true);
  });

  it("uploads files with a progress bar each and refuses unsupported types", async () => {
    const sent: FormData[] = [];
    // The upload answers when the test has seen its progress, not after a fixed 200 ms: on a busy
    // machine the 40 % state could come and go between two looks (docs/decisions/310).
    let finishUpload = () => {};
    class FakeXhr {
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      status = 0;
      responseText = "";
      withCredentials = false;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      send(form: FormData) {
        sent.push(form);
        setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }), 10);
        finishUpload = () => {
          this.status = 202;
          this.responseText = JSON.stringify(doc({ id: "up1", title: "guide", status: "queued" }));
          this.onload?.();
        };
      }
    }
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    handler = (url) => {
      if (url.endsWith("/brain/summary")) return { status: 200, body: placeholder };
      if (url.endsWith("/brain/documents")) return { status: 200, body: sent.length ? [doc({ id: "up1", title: "guide", status: "ready" })] : [] };
    };
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("tab", { name: "Feed Brain" }));
    const input = await screen.findByTestId("brain-file-input");
    fireEvent.change(input, { target: { files: [new File(["%PDF-1.4 test"], "guide.pdf", { type: "application/pdf" }), new File(["x"], "photo.png")] } });
    expect(await screen.findByText("Only PDF, DOC, DOCX and TXT files are supported")).toBeInTheDocument();
    expect(await screen.findByText("Uploading... 40%")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Upload progress of guide.pdf" })).toBeInTheDocument();
    finishUpload();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]!.get("file") as File).name).toBe("guide.pdf");
    // One of two files was refused, so the batch reports a failure once the upload is processed.
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Failed to process documents"));
  });

  it("asks the brain: disabled when blank, 'Thinking...', relevance as a percentage, error toast", async () => {
    let fail = false;
    let release: () => void = () => {};
    handler = (url) => {
      if (url.endsWith("/brain/summary")) return { status: 200, body: placeholder };
      if (url.endsWith("/brain/query")) {
        if (fail) return { status: 500, body: { error: { code: "internal", message: "x" } } };
        return {
          status: 200,
          body: {
            confidence: "clear",
            answer: { text: "The Summit 30 weighs under one kilogram.", segment_id: "d1:s0", document_title: "Brand book", role: "fact" },
            matches: [
              {
                content: "Packs: The Summit 30 weighs under one kilogram.",
                similarity: 0.8734,
                segment_id: "d1:s0",
                document_id: "d1",
                document_title: "Brand book",
                position: 0,
                context_before: "",
                context_after: "",
                role: "fact",
              },
            ],
          },
        };
      }
    };
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("tab", { name: "Explore Knowledge" }));
    const button = await screen.findByRole("button", { name: /Query Brain/ });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText("Ask the Brain"), "How heavy is the Summit 30?");
    expect(button).toBeEnabled();

    const original = globalThis.fetch;
    vi.stubGlobal(
      "fetch",
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          release = () => resolve(original(input, init));
        }),
    );
    await user.click(button);
    expect(await screen.findByRole("button", { name: /Thinking\.\.\./ })).toBeDisabled();
    vi.stubGlobal("fetch", original);
    release();
    // The answering sentence with its source, then the passage with its role tag.
    expect(await screen.findByText("The Summit 30 weighs under one kilogram.")).toBeInTheDocument();
    expect(screen.getByText("- from Brand book, Fact")).toBeInTheDocument();
    expect(screen.getByText("Packs: The Summit 30 weighs under one kilogram.")).toBeInTheDocument();
    expect(screen.getByText("Relevance: 87%")).toBeInTheDocument();
    expect(screen.getByLabelText("Role: Fact")).toBeInTheDocument();

    fail = true;
    await user.click(screen.getByRole("button", { name: /Query Brain/ }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Failed to query brain"));
  });
});
