// The brand switcher's memory (decision 200): the current project is kept per browser
// (current_project_id). A caller that creates or joins a project reloads the list and switches to
// it in the same handler (the wizard, an invitation): the switch must stick across a page load,
// though that caller's render still holds the list from before.
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthProvider, useAuth } from "../../frontend/lib/auth-context";
import { makeProject } from "./test-utils";
import { fakeApi } from "./fake-api";

const first = makeProject({ id: "p1", name: "My First Project" });
const second = makeProject({ id: "p2", name: "Juniper Bikes" });

function Probe() {
  const { project, projects, reloadProjects, switchProject } = useAuth();
  return (
    <div>
      <p data-testid="current">{project?.name ?? "none"}</p>
      <p data-testid="count">{projects.length}</p>
      <button
        type="button"
        onClick={async () => {
          // As the wizard does after POST /api/projects.
          await reloadProjects();
          switchProject("p2");
        }}
      >
        created
      </button>
    </div>
  );
}

function serve(lists: (typeof first)[][]) {
  let call = 0;
  fakeApi({
    "/api/auth/session": { user: { id: "u1", email: "ann@example.com" }, auth: { provider: "builtin", devOutbox: true } },
    "/api/projects": () => lists[Math.min(call++, lists.length - 1)],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("switching to a project just created", () => {
  it("makes it current and remembers it for the next page load", async () => {
    serve([[first], [first, second]]);
    const view = render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("current")).toHaveTextContent("My First Project"));
    await act(async () => screen.getByRole("button", { name: "created" }).click());
    await waitFor(() => expect(screen.getByTestId("current")).toHaveTextContent("Juniper Bikes"));
    expect(localStorage.getItem("current_project_id")).toBe("p2");
    view.unmount();

    // The next page load: the API lists the first project first; the remembered one is current.
    serve([[first, second]]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("count")).toHaveTextContent("2"));
    expect(screen.getByTestId("current")).toHaveTextContent("Juniper Bikes");
  });

  it("ignores an id that is not one of the user's projects", async () => {
    serve([[first]]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("current")).toHaveTextContent("My First Project"));
    await act(async () => screen.getByRole("button", { name: "created" }).click());
    expect(screen.getByTestId("current")).toHaveTextContent("My First Project");
    expect(localStorage.getItem("current_project_id")).toBeNull();
  });
});
