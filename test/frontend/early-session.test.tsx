// main.tsx asks for the session before the app's code has loaded (decision 166); the first load of
// AuthProvider must use that answer (one session request in all, not two) and later refreshes must
// ask again, so a sign-in is never answered with the session from before it.
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthProvider, useAuth } from "../../frontend/lib/auth-context";
import { requestSessionEarly } from "../../frontend/lib/early-session";
import { jsonResponse, makeProject } from "./test-utils";

function Probe() {
  const { user, loading, project, refresh } = useAuth();
  return (
    <div>
      <p data-testid="state">{loading ? "loading" : user ? `signed in as ${user.email} on ${project?.name}` : "signed out"}</p>
      <button type="button" onClick={() => void refresh()}>
        refresh
      </button>
    </div>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the early session request", () => {
  it("is the answer of the first load, and a refresh asks again", async () => {
    let sessions = 0;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === "/api/auth/session") {
        sessions++;
        // The early request answers "signed out"; any later one "signed in".
        return jsonResponse(
          sessions === 1
            ? { user: null, auth: { provider: "builtin", devOutbox: true } }
            : { user: { id: "u1", email: "ann@example.com" }, auth: { provider: "builtin", devOutbox: true } },
        );
      }
      if (url === "/api/projects") return jsonResponse([makeProject()]);
      return jsonResponse({ error: { code: "not_found", message: "not found" } }, 404);
    });
    vi.stubGlobal("fetch", fetchMock);

    requestSessionEarly(); // as main.tsx does, before the app renders
    expect(sessions).toBe(1);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("state")).toHaveTextContent("signed out"));
    expect(sessions).toBe(1);

    await act(async () => screen.getByRole("button", { name: "refresh" }).click());
    await waitFor(() => expect(screen.getByTestId("state")).toHaveTextContent("signed in as ann@example.com on Acme"));
    expect(sessions).toBe(2);
  });

  it("without it (no early request), the first load asks itself", async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === "/api/auth/session" ? jsonResponse({ user: null, auth: { provider: "builtin", devOutbox: true } }) : jsonResponse([]),
    );
    vi.stubGlobal("fetch", fetchMock);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("state")).toHaveTextContent("signed out"));
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === "/api/auth/session")).toHaveLength(1);
  });
});
