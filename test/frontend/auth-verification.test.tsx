import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import LoginPage from "../../frontend/features/auth/login-page";
import UpdatePasswordPage from "../../frontend/features/auth/update-password-page";
import { fillAndSubmit, mockFetch, renderAt } from "./auth-test-utils";

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock("../../frontend/components/ui/toaster", () => ({ notify, toaster: { create: vi.fn(), dismiss: vi.fn() }, Toaster: () => null }));

const NOT_VERIFIED = "Please verify your email before signing in. Check your inbox for the verification link, or send it again.";

beforeEach(() => {
  notify.success.mockReset();
  notify.error.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe("sign-in before the email is verified", () => {
  it("says to check the verification mail and offers to send it again", async () => {
    const calls = mockFetch({
      "/api/auth/login": [403, { error: { code: "email_not_verified", message: NOT_VERIFIED } }],
      "/api/auth/verify-email": [200, { ok: true, message: "Check your email for the verification link" }],
    });
    renderAt("/login", <LoginPage />, { authConfig: { provider: "builtin", devOutbox: true } });
    const user = await fillAndSubmit({ Email: "new@b.co", Password: "secret123" }, "Sign in");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Verify your email");
    expect(alert).toHaveTextContent(NOT_VERIFIED);
    expect(notify.error).not.toHaveBeenCalled();
    expect(screen.queryByTestId("where")).toBeNull(); // still on /login
    await user.click(screen.getByRole("button", { name: "Send verification email again" }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith("Check your email for the verification link"));
    expect(calls.at(-1)).toMatchObject({ url: "/api/auth/verify-email", method: "POST", body: { email: "new@b.co" } });
    expect(await screen.findByText(/We sent a new link to new@b.co/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "dev outbox" })).toHaveAttribute("href", "/dev/outbox");
  });
});

describe("changing the password while signed in", () => {
  it("asks for the current password and shows the server's message when it is wrong", async () => {
    const calls = mockFetch({
      "/api/auth/update-password": [
        400,
        { error: { code: "invalid_input", message: "Current password is incorrect", fields: { currentPassword: "Current password is incorrect" } } },
      ],
    });
    renderAt("/auth/update-password", <UpdatePasswordPage />, { user: { id: "u1", email: "a@b.co" } });
    expect(screen.queryByText(/Open this page from the link/)).not.toBeInTheDocument();
    await fillAndSubmit({ "Current password": "old-secret", "New password": "new-secret1", "Confirm new password": "new-secret1" }, "Update password");
    expect(await screen.findByText("Current password is incorrect")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: "/api/auth/update-password",
      body: { password: "new-secret1", confirmPassword: "new-secret1", currentPassword: "old-secret" },
    });
    expect(notify.error).toHaveBeenCalledWith("Failed to update password");
  });

  it("with a reset link asks for no current password", async () => {
    mockFetch({});
    renderAt("/auth/update-password?token=abc", <UpdatePasswordPage />, { user: null });
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    expect(screen.getByLabelText("New password")).toBeInTheDocument();
  });
});
