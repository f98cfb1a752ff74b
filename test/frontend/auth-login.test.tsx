import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import LoginPage from "../../frontend/features/auth/login-page";
import { GOOGLE_NEEDS_CLERK } from "../../frontend/features/auth/google-button";
import { PublicOnly } from "../../frontend/app/guards";
import { system } from "../../frontend/app/theme";
import { AuthTestProvider, type AuthState } from "../../frontend/lib/auth-context";
import { fillAndSubmit, mockFetch, renderAt } from "./auth-test-utils";
import { notify } from "./notify-mock";
import { makeProject } from "./test-utils";

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

vi.mock("../../frontend/components/ui/toaster", () => import("./notify-mock"));
afterEach(() => vi.unstubAllGlobals());

describe("LoginPage", () => {
  it("shows the spec's validation messages and sends nothing", async () => {
    const calls = mockFetch({});
    renderAt("/login", <LoginPage />);
    await fillAndSubmit({ Email: "not-an-email", Password: "123" }, "Sign in");
    expect(await screen.findByText("Please enter a valid email")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("signs in, waits 500 ms, refreshes the session and goes to /dashboard", async () => {
    const calls = mockFetch({ "/api/auth/login": [200, { user: { id: "u1", email: "a@b.co" } }] });
    const refresh = vi.fn(async () => {});
    renderAt("/login", <LoginPage />, { refresh });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "a@b.co");
    await user.type(screen.getByLabelText("Password"), "secret123");
    const clicked = Date.now();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(calls[0]).toMatchObject({ url: "/api/auth/login", method: "POST", body: { email: "a@b.co", password: "secret123" } });
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/dashboard"), { timeout: 3000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(450);
    expect(refresh).toHaveBeenCalled();
  });

  it("goes back to the remembered page instead of /dashboard", async () => {
    mockFetch({ "/api/auth/login": [200, { user: { id: "u1", email: "a@b.co" } }] });
    renderAt("/login", <LoginPage />, {}, { from: "/calendar" });
    await fillAndSubmit({ Email: "a@b.co", Password: "secret123" }, "Sign in");
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/calendar"), { timeout: 3000 });
  });

  it("toasts 'Invalid email or password' on wrong credentials and stays", async () => {
    mockFetch({ "/api/auth/login": [401, { error: { code: "invalid_credentials", message: "Invalid email or password" } }] });
    renderAt("/login", <LoginPage />);
    await fillAndSubmit({ Email: "a@b.co", Password: "wrongpass" }, "Sign in");
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Invalid email or password"));
    expect(screen.queryByTestId("where")).toBeNull();
  });

  it("toggles to magic link: submit disabled while the email is empty, then sends the link", async () => {
    const calls = mockFetch({ "/api/auth/magic-link": [200, { ok: true }] });
    renderAt("/login", <LoginPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Use magic link" }));
    expect(screen.queryByLabelText("Password")).toBeNull();
    const send = screen.getByRole("button", { name: "Send magic link" });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText("Email"), "magic@b.co");
    expect(send).toBeEnabled();
    await user.click(send);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith("Check your email for the magic link!"));
    expect(calls[0]).toMatchObject({ url: "/api/auth/magic-link", body: { email: "magic@b.co" } });
    expect(screen.getByRole("link", { name: "dev outbox" })).toHaveAttribute("href", "/dev/outbox");
    await user.click(screen.getByRole("button", { name: "Use password instead" }));
    expect(screen.getByLabelText("Password")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("magic@b.co");
  });

  it("toasts 'Failed to send magic link' when sending fails", async () => {
    mockFetch({ "/api/auth/magic-link": [502, { error: { code: "mail_failed", message: "Failed to send magic link" } }] });
    renderAt("/login", <LoginPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Use magic link" }));
    await user.type(screen.getByLabelText("Email"), "x@b.co");
    await user.click(screen.getByRole("button", { name: "Send magic link" }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Failed to send magic link"));
  });

  it("verifies ?magic=TOKEN and signs in", async () => {
    const calls = mockFetch({
      "/api/auth/magic-link/verify": [200, { user: { id: "u1", email: "a@b.co" } }],
      "GET /api/projects": [200, [makeProject({ has_seen_onboarding: true })]],
    });
    const refresh = vi.fn(async () => {});
    renderAt("/login?magic=tok-123-abcdef", <LoginPage />, { refresh });
    expect(screen.getByText("Checking your sign-in link...")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/dashboard"), { timeout: 3000 });
    expect(calls.filter((c) => c.url === "/api/auth/magic-link/verify")).toMatchObject([
      { url: "/api/auth/magic-link/verify", method: "POST", body: { token: "tok-123-abcdef" } },
    ]);
    expect(refresh).toHaveBeenCalled();
  });

  it("the verification link of a new account lands in the tour, even with the guard leaving /login as soon as the session is known", async () => {
    mockFetch({
      "/api/auth/magic-link/verify": [200, { user: { id: "u1", email: "a@b.co" } }],
      "GET /api/projects": [200, [makeProject({ has_seen_onboarding: false })]],
    });
    function SignsIn() {
      const [user, setUser] = useState<AuthState["user"]>(null);
      return (
        <ChakraProvider value={system}>
          <AuthTestProvider value={{ user, refresh: async () => setUser({ id: "u1", email: "a@b.co" }) }}>
            <MemoryRouter initialEntries={["/login?magic=tok-first-run"]}>
              <Routes>
                <Route element={<PublicOnly />}>
                  <Route path="/login" element={<LoginPage />} />
                </Route>
                <Route path="*" element={<Where />} />
              </Routes>
            </MemoryRouter>
          </AuthTestProvider>
        </ChakraProvider>
      );
    }
    render(<SignsIn />);
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/welcome"), { timeout: 3000 });
  });

  it("a later mailed link (the tour already seen) lands on the dashboard", async () => {
    mockFetch({
      "/api/auth/magic-link/verify": [200, { user: { id: "u1", email: "a@b.co" } }],
      "GET /api/projects": [200, [makeProject({ id: "p2", has_seen_onboarding: false }), makeProject({ has_seen_onboarding: true })]],
    });
    localStorage.setItem("current_project_id", "p1");
    renderAt("/login?magic=tok-returning", <LoginPage />, { refresh: vi.fn(async () => {}) });
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/dashboard"), { timeout: 3000 });
    localStorage.removeItem("current_project_id");
  });

  it("reports an invalid magic link", async () => {
    mockFetch({ "/api/auth/magic-link/verify": [400, { error: { code: "invalid_token", message: "This sign-in link is invalid or has expired" } }] });
    renderAt("/login?magic=expired-token-1", <LoginPage />);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("This sign-in link is invalid or has expired"));
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeInTheDocument();
  });

  it("Google without Clerk explains that it needs Clerk", async () => {
    mockFetch({});
    renderAt("/login", <LoginPage />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign in with Google" }));
    expect(notify.info).toHaveBeenCalledWith(GOOGLE_NEEDS_CLERK);
  });

  it("links to reset, data deletion and signup", () => {
    mockFetch({});
    renderAt("/login", <LoginPage />);
    expect(screen.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/reset-password");
    expect(screen.getByRole("link", { name: "Data Deletion" })).toHaveAttribute("href", "/privacy#data-deletion");
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
  });

  // Decision 326: the pre-rendered form posts natively before the app starts; a failure comes back
  // as /login?error=<code> (never the password or the address), said once the app has started.
  describe("after the HTML form's post came back (/login?error=...)", () => {
    for (const [code, text] of [
      ["invalid_credentials", "Invalid email or password"],
      ["invalid_input", "Invalid email or password"],
      ["rate_limited", "Too many requests. Please try again later."],
      ["clerk_enabled", "Something went wrong. Please try again."],
    ] as const) {
      it(`${code}: toasts "${text}" once`, async () => {
        mockFetch({});
        renderAt(`/login?error=${code}`, <LoginPage />);
        await waitFor(() => expect(notify.error).toHaveBeenCalledWith(text));
        expect(notify.error).toHaveBeenCalledTimes(1);
        expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
      });
    }

    it("email_not_verified: the verification notice; its resend uses the address typed into the form", async () => {
      const calls = mockFetch({ "/api/auth/verify-email": [200, { ok: true, message: "Check your email for the verification link" }] });
      renderAt("/login?error=email_not_verified", <LoginPage />);
      expect(await screen.findByText(/Please verify your email before signing in/)).toBeInTheDocument();
      expect(notify.error).not.toHaveBeenCalled();
      // No address in the URL: nothing to resend to until one is typed.
      expect(screen.queryByRole("button", { name: "Send verification email again" })).toBeNull();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText("Email"), "ann@example.com");
      await user.click(screen.getByRole("button", { name: "Send verification email again" }));
      await waitFor(() => expect(calls.at(-1)).toMatchObject({ url: "/api/auth/verify-email", method: "POST", body: { email: "ann@example.com" } }));
    });

    it("an unknown code says nothing", async () => {
      mockFetch({});
      renderAt("/login?error=something_else", <LoginPage />);
      await new Promise((r) => setTimeout(r, 50));
      expect(notify.error).not.toHaveBeenCalled();
      expect(screen.getByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    });
  });

  it("the form posts to the Worker's form endpoint with named fields (it works before the app starts)", () => {
    mockFetch({});
    const { container } = renderAt("/login", <LoginPage />);
    const form = container.querySelector("form")!;
    expect(form.getAttribute("action")).toBe("/api/auth/login/form");
    expect(form.getAttribute("method")).toBe("post");
    expect(screen.getByLabelText("Email")).toHaveAttribute("name", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("name", "password");
  });
});
