// Project settings' brand colour (decision 270): the brand card's background is set here, checked
// as a hex colour before any request, saved upper-case, and cleared back to "chosen from the name".
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProjectUpdate } from "../../schema/api/projects";
import ProjectSettingsPage from "../../frontend/features/team/project-settings-page";
import { fakeApi } from "./fake-api";
import { makeProject, renderAppPage } from "./test-utils";

const BAD_COLOUR = "Brand colour must be a hex colour like #1A73E8";

afterEach(() => vi.unstubAllGlobals());

function setup(brandColor: string | null, role: "owner" | "reviewer" = "owner") {
  const project = makeProject({ brand_color: brandColor, role, description: "Roasts coffee for neighbourhood cafés" });
  const api = fakeApi({
    "PATCH /api/projects/:projectId": (req) => ({ ...project, ...(req.body as ProjectUpdate) }),
  });
  renderAppPage(<ProjectSettingsPage />, project);
  const patches = () => api.calls.filter((c) => c.method === "PATCH").map((c) => c.body as ProjectUpdate);
  return { patches };
}

const colourField = () => screen.getByRole("textbox", { name: "Brand Colour" });

describe("project settings: brand colour", () => {
  it("shows the saved colour, refuses a colour that is not hex before sending, and saves a valid one upper-cased", async () => {
    const user = userEvent.setup();
    const { patches } = setup("#0A7C59");
    expect(colourField()).toHaveValue("#0A7C59");
    expect(screen.getByLabelText("Pick the brand colour")).toHaveValue("#0a7c59");

    await user.clear(colourField());
    await user.type(colourField(), "green");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(BAD_COLOUR)).toBeInTheDocument();
    expect(patches()).toEqual([]);

    await user.clear(colourField());
    await user.type(colourField(), "#1a73e8");
    expect(screen.queryByText(BAD_COLOUR)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ brand_color: "#1A73E8", name: "Acme" });
  });

  it("the colour picker fills the hex field; Clear saves no colour (null)", async () => {
    const user = userEvent.setup();
    const { patches } = setup(null);
    expect(colourField()).toHaveValue("");
    fireEvent.input(screen.getByLabelText("Pick the brand colour"), { target: { value: "#ff8800" } });
    expect(colourField()).toHaveValue("#FF8800");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(colourField()).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.brand_color).toBeNull();
  });

  it("a member who cannot edit sees the colour but cannot change it", () => {
    setup("#123456", "reviewer");
    expect(colourField()).toHaveValue("#123456");
    expect(colourField()).toBeDisabled();
    expect(screen.getByLabelText("Pick the brand colour")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
  });
});
