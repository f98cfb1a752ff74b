import { ChakraProvider } from "@chakra-ui/react";
import { useState, type ReactNode } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { DEFAULT_PROJECT, type Project } from "../../schema/api/projects";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { RequireAuth } from "../../frontend/app/guards";
import { system } from "../../frontend/app/theme";
import { notify } from "../../frontend/components/ui/toaster";
import ProjectSettingsDialog from "../../frontend/features/settings/project-settings-dialog";
import { fakeApi } from "./fake-api";
import { makeProject } from "./test-utils";

const project = makeProject({ ...DEFAULT_PROJECT, user_email: "owner@example.com", created_at: 1 });

let api: ReturnType<typeof fakeApi>;
/** /api/health's answer: the AI engine section's read. */
let health: object;
let setProject: Mock<(p: Project) => void>;
let refresh: Mock<() => Promise<void>>;
let endSession: Mock<(to: string) => void>;
let onOpenChange: Mock<(open: boolean) => void>;

// A stateful auth stand-in: endSession really signs the user out, so the RequireAuth guard
// decides where the app goes next (the bug this guards against: /login instead of /).
function StatefulAuth({ children }: { children: ReactNode }) {
  const [signedIn, setSignedIn] = useState(true);
  const [exitTo, setExitTo] = useState<string | null>(null);
  return (
    <AuthTestProvider
      value={{
        user: signedIn ? { id: "u1", email: "owner@example.com" } : null,
        project,
        setProject,
        refresh,
        exitTo,
        endSession: (to) => {
          endSession(to);
          setExitTo(to);
          setSignedIn(false);
        },
      }}
    >
      {children}
    </AuthTestProvider>
  );
}

function renderDialog() {
  return render(
    // A cache per render: one test's /api/health answer is not another's.
    <SWRConfig value={{ provider: () => new Map() }}>
      <ChakraProvider value={system}>
        <StatefulAuth>
          <MemoryRouter initialEntries={["/dashboard"]}>
            <Routes>
              <Route element={<RequireAuth />}>
                <Route path="/dashboard" element={<ProjectSettingsDialog open onOpenChange={onOpenChange} />} />
              </Route>
              <Route path="/" element={<h1>Landing screen</h1>} />
              <Route path="/login" element={<h1>Login screen</h1>} />
            </Routes>
          </MemoryRouter>
        </StatefulAuth>
      </ChakraProvider>
    </SWRConfig>,
  );
}

const nameInput = () => screen.getByLabelText("Project Name");
/** The dialog's own requests, beside the AI engine section's read of /api/health. */
const apiCalls = () => api.calls.filter((c) => c.path !== "/api/health");
const serverError: [number, unknown] = [500, { error: { code: "internal", message: "boom" } }];
const saveButton = () => screen.getByRole("button", { name: /^(Save|Saving\.\.\.)$/ });

beforeEach(() => {
  health = { ok: true };
  // The dialog's own requests answer success unless a test queues another answer (api.queue).
  api = fakeApi({
    "GET /api/health": () => health,
    "PATCH /api/projects/:id": { ...project, name: "Acme Coffee" },
    "DELETE /api/account": () => undefined,
  });
  setProject = vi.fn<(p: Project) => void>();
  refresh = vi.fn(async () => {});
  endSession = vi.fn<(to: string) => void>();
  onOpenChange = vi.fn<(open: boolean) => void>();
  vi.spyOn(notify, "success").mockImplementation(() => {});
  vi.spyOn(notify, "error").mockImplementation(() => {});
  vi.spyOn(notify, "info").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("project settings dialog", () => {
  it("shows the three sections, the project name and the read-only email", async () => {
    renderDialog();
    expect(await screen.findByRole("heading", { name: "Project Settings" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "User Profile" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Danger zone" })).toBeInTheDocument();
    expect(nameInput()).toHaveValue("My First Project");
    const email = screen.getByLabelText("Email");
    expect(email).toHaveValue("owner@example.com");
    expect(email).toHaveAttribute("readonly");
  });

  it("disables Save when the name is unchanged, and an unchanged submit just closes", async () => {
    const user = userEvent.setup();
    renderDialog();
    expect(saveButton()).toBeDisabled();
    await user.type(nameInput(), "  ");
    expect(saveButton()).toBeDisabled();
    await user.type(nameInput(), "{Enter}");
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(apiCalls()).toEqual([]);
  });

  it("disables Save for a blank name and says so on submit", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.clear(nameInput());
    await user.type(nameInput(), "   ");
    expect(saveButton()).toBeDisabled();
    await user.type(nameInput(), "{Enter}");
    expect(notify.error).toHaveBeenCalledWith("Project name cannot be empty");
    expect(screen.getByText("Project name cannot be empty")).toBeInTheDocument();
    expect(apiCalls()).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("refuses a name in UUID format", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.clear(nameInput());
    await user.type(nameInput(), "123e4567-e89b-12d3-a456-426614174000");
    await user.click(saveButton());
    expect(notify.error).toHaveBeenCalledWith("Project name cannot be in UUID format");
    expect(apiCalls()).toEqual([]);
  });

  it("saves a new name, showing Saving... while busy", async () => {
    let resolve: (r: object) => void = () => {};
    api.queue("PATCH /api/projects/:id", () => new Promise<object>((r) => (resolve = r)));
    const user = userEvent.setup();
    renderDialog();
    await user.clear(nameInput());
    await user.type(nameInput(), "  Acme Coffee ");
    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent("Saving...");
    expect(saveButton()).toBeDisabled();
    const [call] = apiCalls();
    expect(call!.url).toBe("/api/projects/p1");
    expect(call!.method).toBe("PATCH");
    expect(call!.body).toEqual({ name: "Acme Coffee" });
    resolve({ ...project, name: "Acme Coffee" });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith("Project settings updated successfully"));
    expect(setProject).toHaveBeenCalledWith({ ...project, name: "Acme Coffee" });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it.each([
    ["id", { ...project, id: "p2", name: "Acme Coffee" }],
    ["user_id", { ...project, user_id: "u2", name: "Acme Coffee" }],
  ])("refuses a result whose %s changed", async (_field, body) => {
    api.queue("PATCH /api/projects/:id", body);
    const user = userEvent.setup();
    renderDialog();
    await user.clear(nameInput());
    await user.type(nameInput(), "Acme Coffee");
    await user.click(saveButton());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Error: Project IDs cannot be modified"));
    expect(setProject).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("reports a failed update and keeps the dialog open", async () => {
    api.queue("PATCH /api/projects/:id", serverError);
    const user = userEvent.setup();
    renderDialog();
    await user.clear(nameInput());
    await user.type(nameInput(), "Acme Coffee");
    await user.click(saveButton());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Failed to update project name. Please try again."));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(nameInput()).toHaveValue("Acme Coffee");
    expect(saveButton()).toBeEnabled();
  });

  it("shows the AI engine and the model in use per task, from /api/health (decision 191)", async () => {
    health = { ok: true, ai: { provider: "workers-ai", chat: "@cf/zai-org/glm-4.7-flash", embeddings: "@cf/baai/bge-base-en-v1.5", image: null } };
    renderDialog();
    expect(await screen.findByText("Cloudflare Workers AI")).toBeInTheDocument();
    expect(screen.getByText(/Writing: @cf\/zai-org\/glm-4.7-flash · Embeddings: @cf\/baai\/bge-base-en-v1.5 · Images: brand card/)).toBeInTheDocument();
  });

  it("says so when the engine cannot be read", async () => {
    renderDialog();
    expect(await screen.findByText("The AI engine could not be read right now.")).toBeInTheDocument();
  });

  it("Change email only says it is coming soon", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole("button", { name: "Change" }));
    expect(notify.info).toHaveBeenCalledWith("Email change coming soon");
    expect(apiCalls()).toEqual([]);
  });

  it("deletes the account only after typing DELETE, then ends the session and goes home (not to /login)", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole("button", { name: "Delete Account" }));
    const confirm = screen.getByRole("button", { name: "Delete my account" });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText("Type DELETE to confirm"), "delete");
    expect(confirm).toBeDisabled();
    await user.clear(screen.getByLabelText("Type DELETE to confirm"));
    await user.type(screen.getByLabelText("Type DELETE to confirm"), "DELETE");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByRole("heading", { name: "Landing screen" })).toBeInTheDocument();
    const [call] = apiCalls();
    expect(call!.url).toBe("/api/account");
    expect(call!.method).toBe("DELETE");
    expect(endSession).toHaveBeenCalledWith("/");
    expect(screen.queryByRole("heading", { name: "Login screen" })).not.toBeInTheDocument();
  });

  it("keeps the user signed in when the deletion fails", async () => {
    api.queue("DELETE /api/account", serverError);
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole("button", { name: "Delete Account" }));
    await user.type(screen.getByLabelText("Type DELETE to confirm"), "DELETE");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Failed to delete account. Please try again."));
    expect(endSession).not.toHaveBeenCalled();
    expect(screen.queryByRole("heading", { name: "Landing screen" })).not.toBeInTheDocument();
  });

  it("cancelling the confirmation deletes nothing", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole("button", { name: "Delete Account" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("Type DELETE to confirm")).not.toBeInTheDocument();
    expect(apiCalls()).toEqual([]);
  });
});
