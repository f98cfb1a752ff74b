import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthTestProvider, type AuthState } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import { ClerkGate } from "../../frontend/features/auth/clerk-gate";
import LoginPage from "../../frontend/features/auth/login-page";
import { mockFetch } from "./auth-test-utils";

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock("../../frontend/components/ui/toaster", () => ({ notify, toaster: { create: vi.fn(), dismiss: vi.fn() }, Toaster: () => null }));

// Clerk's hooks, faked: the screens must drive Clerk's custom flows, not /api/auth.
const clerk = vi.hoisted(() => ({
  signIn: { create: vi.fn(), authenticateWithRedirect: vi.fn(), attemptFirstFactor: vi.fn() },
  signUp: { create: vi.fn(), prepareEmailAddressVerification: vi.fn() },
  setActive: vi.fn(),
  signOut: vi.fn(),
  handleRedirectCallback: vi.fn(),
  isSignedIn: false,
  providerKey: "",
}));
vi.mock("@clerk/clerk-react", () => ({
  ClerkProvider: ({ publishableKey, children }: { publishableKey: string; children: ReactNode }) => {
    clerk.providerKey = publishableKey;
    return <>{children}</>;
  },
  useSignIn: () => ({ isLoaded: true, signIn: clerk.signIn, setActive: clerk.setActive }),
  useSignUp: () => ({ isLoaded: true, signUp: clerk.signUp, setActive: clerk.setActive }),
  useClerk: () => ({ signOut: clerk.signOut, handleRedirectCallback: clerk.handleRedirectCallback }),
  useAuth: () => ({ isSignedIn: clerk.isSignedIn }),
}));

beforeEach(() => {
  for (const f of [clerk.signIn.create, clerk.signIn.authenticateWithRedirect, clerk.setActive, clerk.signOut, notify.error, notify.info]) f.mockReset();
  clerk.isSignedIn = false;
});
afterEach(() => vi.unstubAllGlobals());

const clerkConfig = { provider: "clerk" as const, clerkPublishableKey: "pk_test_123", devOutbox: false };

function renderWithClerk(ui: ReactNode, auth: Partial<AuthState> = {}) {
  const tree = (a: Partial<AuthState>) => (
    <ChakraProvider value={system}>
      <AuthTestProvider value={{ authConfig: clerkConfig, ...a }}>
        <ClerkGate>
          <MemoryRouter initialEntries={["/login"]}>
            <Routes>
              <Route path="/login" element={ui} />
              <Route path="*" element={<div data-testid="elsewhere" />} />
            </Routes>
          </MemoryRouter>
        </ClerkGate>
      </AuthTestProvider>
    </ChakraProvider>
  );
  const result = render(tree(auth));
  return { ...result, rerenderAuth: (a: Partial<AuthState>) => result.rerender(tree(a)) };
}

describe("auth screens with Clerk configured", () => {
  it("password sign-in goes through Clerk's signIn.create and setActive, not /api/auth/login", async () => {
    const calls = mockFetch({});
    clerk.signIn.create.mockResolvedValue({ status: "complete", createdSessionId: "sess_1" });
    renderWithClerk(<LoginPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "a@b.co");
    await user.type(screen.getByLabelText("Password"), "secret123");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(clerk.setActive).toHaveBeenCalledWith({ session: "sess_1" }));
    expect(clerk.signIn.create).toHaveBeenCalledWith({ identifier: "a@b.co", password: "secret123" });
    expect(clerk.providerKey).toBe("pk_test_123");
    expect(calls.some((c) => c.url.startsWith("/api/auth/login"))).toBe(false);
  });

  it("a Clerk error shows 'Invalid email or password'", async () => {
    mockFetch({});
    clerk.signIn.create.mockRejectedValue(new Error("form_password_incorrect"));
    renderWithClerk(<LoginPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "a@b.co");
    await user.type(screen.getByLabelText("Password"), "secret123");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Invalid email or password"));
  });

  it("Google uses Clerk OAuth with a redirect", async () => {
    mockFetch({});
    clerk.signIn.authenticateWithRedirect.mockResolvedValue(undefined);
    renderWithClerk(<LoginPage />);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Sign in with Google" }));
    expect(clerk.signIn.authenticateWithRedirect).toHaveBeenCalledWith(expect.objectContaining({ strategy: "oauth_google" }));
    expect(notify.info).not.toHaveBeenCalled();
  });

  it("'Failed to sign in with Google' when Clerk refuses", async () => {
    mockFetch({});
    clerk.signIn.authenticateWithRedirect.mockRejectedValue(new Error("no"));
    renderWithClerk(<LoginPage />);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Sign in with Google" }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith("Failed to sign in with Google"));
  });

  it("a sign-out through the API also ends the Clerk session", async () => {
    mockFetch({});
    clerk.isSignedIn = true;
    const { rerenderAuth } = renderWithClerk(<div>app</div>, { user: { id: "u1", email: "a@b.co" } });
    await screen.findByText("app");
    expect(clerk.signOut).not.toHaveBeenCalled();
    rerenderAuth({ user: null });
    await waitFor(() => expect(clerk.signOut).toHaveBeenCalled());
  });
});

describe("ClerkGate without Clerk", () => {
  it("does not mount Clerk: the screens use the built-in actions", async () => {
    mockFetch({});
    clerk.providerKey = "";
    render(
      <ChakraProvider value={system}>
        <AuthTestProvider value={{}}>
          <ClerkGate>
            <MemoryRouter initialEntries={["/login"]}>
              <LoginPage />
            </MemoryRouter>
          </ClerkGate>
        </AuthTestProvider>
      </ChakraProvider>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign in with Google" }));
    expect(notify.info).toHaveBeenCalled();
    expect(clerk.signIn.authenticateWithRedirect).not.toHaveBeenCalled();
    expect(clerk.providerKey).toBe("");
  });
});
