// Settings -> API keys (decision 210): the new key is shown once, the list shows reach, scopes and
// last use, validation speaks before any request, and Revoke calls the API.
import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiKeyDto } from "../../schema/api/api-keys";
import { system } from "../../frontend/app/theme";
import ApiKeysPage from "../../frontend/features/api-keys/api-keys-page";
import { fakeApi, type FakeRequest } from "./fake-api";

const listed: ApiKeyDto = {
  id: "k1",
  name: "Zapier",
  prefix: "bp_live_abc123",
  project_id: null,
  project_name: null,
  scopes: ["read", "write_posts"],
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
  created_at: "2026-11-01T10:00:00.000Z",
};

let calls: FakeRequest[];
let keys: ApiKeyDto[];

beforeEach(() => {
  keys = [listed];
  calls = fakeApi({
    "GET /api/projects": [{ id: "p1", name: "Acme Coffee" }],
    "GET /api/account/api-keys": () => keys,
    "POST /api/account/api-keys": () => {
      const made = { ...listed, id: "k2", name: "Agent", key: "bp_live_SECRETSECRET" };
      keys = [made, ...keys];
      return [201, made];
    },
    "DELETE /api/account/api-keys/:id": ({ params }) => {
      keys = keys.map((k) => (k.id === params.id ? { ...k, revoked_at: "2026-11-02T10:00:00.000Z" } : k));
      return keys.find((k) => k.id === params.id);
    },
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ApiKeysPage />
      </SWRConfig>
    </ChakraProvider>,
  );

describe("API keys page", () => {
  it("creates a key, shows the secret once, and lists keys with their scopes", async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText("Zapier")).toBeInTheDocument();
    expect(screen.getByText(/All my projects · Read, Write posts/)).toBeInTheDocument();
    expect(screen.getByText(/Last used: never/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /Create key/ }));
    expect(await screen.findByText("Please enter a name for the key")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.type(screen.getByPlaceholderText(/Zapier/), "Agent");
    await user.click(screen.getByRole("button", { name: /Create key/ }));
    expect(await screen.findByTestId("new-api-key")).toHaveTextContent("bp_live_SECRETSECRET");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Agent", project_id: null, scopes: ["read"], expires_at: null });
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByText("bp_live_SECRETSECRET")).not.toBeInTheDocument();
  });

  it("revokes a key", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Revoke Zapier" }));
    await waitFor(() => expect(screen.getByText("Revoked")).toBeInTheDocument());
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/account/api-keys/k1")).toBe(true);
  });
});
