import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import SignupPage from "../../frontend/features/auth/signup-page";
import ResetPasswordPage from "../../frontend/features/auth/reset-password-page";
import UpdatePasswordPage from "../../frontend/features/auth/update-password-page";
import { GOOGLE_NEEDS_CLERK } from "../../frontend/features/auth/google-button";
import { fillAndSubmit, mockFetch, renderAt } from "./auth-test-utils";
import { notify } from "./notify-mock";

vi.mock("../../frontend/components/ui/toaster", () => import("./notify-mock"));
afterEach(() => vi.unstubAllGlobals());

describe("SignupPage", () => {
  it("shows every validation message, 'Passwords don't match' on the confirmation", async () => {
    const calls = mockFetch({});
    renderAt("/signup", <SignupPage />);
    const user = await fillAndSubmit({ Email: "bad", Password: "12345", "Confirm password": "12346" }, "Create account");
    expect(await screen.findByText("Please enter a valid email")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "secret123");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("creates the account, shows the spec's message and goes to /login", async () => {
    const calls = mockFetch({ "/api/auth/signup": [201, { ok: true }] });
    renderAt("/signup", <SignupPage />);
    await fillAndSubmit({ Email: "new@b.co", Password: "secret123", "Confirm password": "secret123" }, "Create account");
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/login"));
    expect(notify.success).toHaveBeenCalledWith("Account created! Please check your email to verify your account.");
    expect(calls[0]).toMatchObject({ url: "/api/auth/signup", body: { email: "new@b.co", password: "secret123" } });
  });

  it("toasts 'Something went wrong. Please try again.' on failure", async () => {
    mockFetch({ "/api/auth/signup": [500, { error: { code: "internal", message: "boom" } }] });
    renderAt("/signup", <SignupPage />);
    await fillAndSubmit({ Email: "new@b.co", Password: "secret123", "Confirm password": "secret123" }, "Create account");
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Something went wrong. Please try again."));
  });

  it("links to terms, privacy and login; Google explains it needs Clerk", async () => {
    mockFetch({});
    renderAt("/signup", <SignupPage />);
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign up with Google" }));
    expect(notify.info).toHaveBeenCalledWith(GOOGLE_NEEDS_CLERK);
  });
});

describe("ResetPasswordPage", () => {
  it("validates the email", async () => {
    const calls = mockFetch({});
    renderAt("/reset-password", <ResetPasswordPage />);
    await fillAndSubmit({ Email: "nope" }, "Send reset link");
    expect(await screen.findByText("Please enter a valid email")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sends the reset link and says so", async () => {
    const calls = mockFetch({ "/api/auth/reset-password": [200, { ok: true }] });
    renderAt("/reset-password", <ResetPasswordPage />);
    await fillAndSubmit({ Email: "me@b.co" }, "Send reset link");
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith("Check your email for the password reset link"));
    expect(calls[0]).toMatchObject({ url: "/api/auth/reset-password", body: { email: "me@b.co" } });
    expect(screen.getByRole("status")).toHaveTextContent("me@b.co");
  });

  it("toasts 'Failed to send reset email' on failure", async () => {
    mockFetch({ "/api/auth/reset-password": [502, { error: { code: "mail_failed", message: "x" } }] });
    renderAt("/reset-password", <ResetPasswordPage />);
    await fillAndSubmit({ Email: "me@b.co" }, "Send reset link");
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Failed to send reset email"));
  });
});

describe("UpdatePasswordPage", () => {
  it("validates length and match", async () => {
    const calls = mockFetch({});
    renderAt("/auth/update-password?token=abc", <UpdatePasswordPage />);
    const user = await fillAndSubmit({ "New password": "123", "Confirm new password": "123" }, "Update password");
    expect(await screen.findByText("Password must be at least 6 characters")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "secret123");
    await user.click(screen.getByRole("button", { name: "Update password" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sends the token from the link, then 'Password updated successfully' and /login", async () => {
    const calls = mockFetch({ "/api/auth/update-password": [200, { ok: true }] });
    renderAt("/auth/update-password?token=reset-tok-1", <UpdatePasswordPage />);
    await fillAndSubmit({ "New password": "secret123", "Confirm new password": "secret123" }, "Update password");
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/login"));
    expect(notify.success).toHaveBeenCalledWith("Password updated successfully");
    expect(calls[0]).toMatchObject({ body: { password: "secret123", confirmPassword: "secret123", token: "reset-tok-1" } });
  });

  it("an expired link: 'Failed to update password' and the reason", async () => {
    mockFetch({ "/api/auth/update-password": [400, { error: { code: "invalid_token", message: "This password reset link is invalid or has expired" } }] });
    renderAt("/auth/update-password?token=old", <UpdatePasswordPage />);
    await fillAndSubmit({ "New password": "secret123", "Confirm new password": "secret123" }, "Update password");
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Failed to update password"));
    expect(await screen.findByText(/This password reset link is invalid or has expired/)).toBeInTheDocument();
  });

  it("without a token asks for the mailed link", () => {
    mockFetch({});
    renderAt("/auth/update-password", <UpdatePasswordPage />);
    expect(screen.getByText(/Open this page from the link in your password reset email/)).toBeInTheDocument();
  });
});
