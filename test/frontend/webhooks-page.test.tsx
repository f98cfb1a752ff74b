// Project settings -> Webhooks (decision 210): an Owner adds an endpoint (validated before any
// request), sees the signing secret once, reads the delivery log with status and response code,
// resends a delivery and deletes an endpoint; other roles are told only Owners manage webhooks.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DeliveryDto, WebhookDto } from "../../schema/api/webhooks";
import WebhooksPage from "../../frontend/features/webhooks/webhooks-page";
import { makeProject, renderAppPage } from "./test-utils";
import { fakeApi, type FakeRequest } from "./fake-api";

const project = makeProject({ id: "p1", name: "Acme Coffee", role: "owner" });
const hook: WebhookDto = {
  id: "w1",
  project_id: "p1",
  url: "https://hooks.example.com/in",
  events: ["post.failed"],
  status: "failing",
  created_at: "2026-11-01T10:00:00.000Z",
};
const delivery: DeliveryDto = {
  id: "d1",
  webhook_id: "w1",
  event_id: "evt_1",
  event: "post.failed",
  status: "failed",
  attempts: 7,
  response_code: 503,
  last_attempt_at: "2026-11-02T10:00:00.000Z",
  created_at: "2026-11-01T10:00:00.000Z",
};

let calls: FakeRequest[];
let hooks: WebhookDto[];
let deliveries: DeliveryDto[];

beforeEach(() => {
  hooks = [hook];
  deliveries = [delivery];
  calls = fakeApi({
    "GET /api/projects/p1/webhooks": () => hooks,
    "POST /api/projects/p1/webhooks": ({ body }) => {
      const req = body as { url: string; events: WebhookDto["events"] };
      if (!req.url.startsWith("https://")) {
        const message = "Enter the https:// address of your endpoint";
        return [400, { error: { code: "invalid_input", message, fields: { url: message } } }];
      }
      const made = { ...hook, id: "w2", url: req.url, events: req.events, status: "active" as const };
      hooks = [...hooks, made];
      return [201, { ...made, secret: "whsec_SHOWNONCE" }];
    },
    "GET /api/webhooks/w1/deliveries": () => deliveries,
    "POST /api/webhook-deliveries/d1/resend": () => {
      deliveries = [{ ...delivery, status: "pending", response_code: null }];
      return [202, deliveries[0]];
    },
    "DELETE /api/webhooks/w1": () => {
      hooks = hooks.filter((h) => h.id !== "w1");
      return undefined;
    },
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe("Webhooks page", () => {
  // Addresses are pasted: typing them re-rendered the form once per key, 63 s at load 15 (docs/decisions/310).
  it("adds an endpoint with its events and shows the secret once", async () => {
    const user = userEvent.setup({ delay: null });
    renderAppPage(<WebhooksPage />, project);
    expect(await screen.findByText("https://hooks.example.com/in")).toBeInTheDocument();
    expect(screen.getByText("Failing")).toBeInTheDocument();

    // No events: refused before any request.
    await user.click(screen.getByRole("checkbox", { name: "post.published" }));
    await user.click(screen.getByRole("checkbox", { name: "post.failed" }));
    await user.click(screen.getByPlaceholderText(/example\.com/));
    await user.paste("https://my.app/hook");
    await user.click(screen.getByRole("button", { name: /Add webhook/ }));
    expect(await screen.findByText("Choose at least one event")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    // The server's refusal lands on the field.
    await user.click(screen.getByRole("checkbox", { name: "brain.document_ready" }));
    await user.clear(screen.getByPlaceholderText(/example\.com/));
    await user.click(screen.getByPlaceholderText(/example\.com/));
    await user.paste("http://my.app/hook");
    await user.click(screen.getByRole("button", { name: /Add webhook/ }));
    expect((await screen.findAllByText("Enter the https:// address of your endpoint")).length).toBeGreaterThan(0);
    expect(screen.queryByTestId("new-webhook-secret")).not.toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText(/example\.com/));
    await user.click(screen.getByPlaceholderText(/example\.com/));
    await user.paste("https://my.app/hook");
    await user.click(screen.getByRole("button", { name: /Add webhook/ }));
    expect(await screen.findByTestId("new-webhook-secret")).toHaveTextContent("whsec_SHOWNONCE");
    expect(calls.filter((c) => c.method === "POST").at(-1)?.body).toEqual({ url: "https://my.app/hook", events: ["brain.document_ready"] });
    expect(await screen.findByText("https://my.app/hook")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByText("whsec_SHOWNONCE")).not.toBeInTheDocument();
  });

  it("shows the delivery log, resends a delivery and deletes an endpoint", async () => {
    const user = userEvent.setup({ delay: null });
    renderAppPage(<WebhooksPage />, project);
    await user.click(await screen.findByRole("button", { name: "Deliveries" }));
    const log = await screen.findByRole("table", { name: "Deliveries to https://hooks.example.com/in" });
    expect(within(log).getByText("failed")).toBeInTheDocument();
    expect(within(log).getByText("503")).toBeInTheDocument();
    expect(within(log).getByText(/7 attempts/)).toBeInTheDocument();

    await user.click(within(log).getByRole("button", { name: "Resend post.failed (evt_1)" }));
    await waitFor(() => expect(within(log).getByText("pending")).toBeInTheDocument());
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/webhook-deliveries/d1/resend")).toBe(true);

    await user.click(screen.getByRole("button", { name: "Delete https://hooks.example.com/in" }));
    await waitFor(() => expect(screen.getByText("No webhooks yet.")).toBeInTheDocument());
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/webhooks/w1")).toBe(true);
  });

  it("tells an Editor that only Owners manage webhooks, and asks the API nothing", async () => {
    renderAppPage(<WebhooksPage />, makeProject({ id: "p1", name: "Acme Coffee", role: "editor" }));
    expect(await screen.findByText("Only the project's Owners manage its webhooks.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Add webhook/ })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
