import { createContext, useContext } from "react";
import type { SessionUser } from "../../../schema/api/auth";
import { request } from "../../lib/api";

/**
 * What the auth screens can do. The built-in implementation calls /api/auth; with Clerk
 * configured, clerk-bridge.tsx provides one built on Clerk's custom-flow hooks, so the same
 * screens work with either.
 */
export type AuthActions = {
  provider: "builtin" | "clerk";
  signIn(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  sendMagicLink(email: string): Promise<void>;
  verifyMagicLink(token: string): Promise<void>;
  /** Starts Google sign-in; undefined when it is not available (no Clerk). */
  google?: () => Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  /** Built-in only: mails the sign-up verification link again (Clerk verifies inside its own flow). */
  resendVerification?: (email: string) => Promise<void>;
  /** Sets a new password with the mailed token (built-in) or code (Clerk). */
  updatePassword(input: { password: string; confirmPassword: string; token?: string; code?: string; email?: string; currentPassword?: string }): Promise<void>;
  /** Clerk only: the reset mail carries a code to type, not a link. */
  resetUsesCode: boolean;
  /** Clerk only: finishes an OAuth redirect that came back to /login. */
  completeRedirect?: () => Promise<void>;
};

const post = <T>(path: string, body: unknown) => request<T>(path, { method: "POST", body: JSON.stringify(body) });

const builtinActions: AuthActions = {
  provider: "builtin",
  resetUsesCode: false,
  signIn: async (email, password) => {
    await post<{ user: SessionUser }>("/api/auth/login", { email, password });
  },
  signUp: async (email, password) => {
    await post("/api/auth/signup", { email, password });
  },
  sendMagicLink: async (email) => {
    await post("/api/auth/magic-link", { email });
  },
  verifyMagicLink: async (token) => {
    await post("/api/auth/magic-link/verify", { token });
  },
  sendPasswordReset: async (email) => {
    await post("/api/auth/reset-password", { email });
  },
  resendVerification: async (email) => {
    await post("/api/auth/verify-email", { email });
  },
  updatePassword: async ({ password, confirmPassword, token, currentPassword }) => {
    await post("/api/auth/update-password", { password, confirmPassword, ...(token ? { token } : {}), ...(currentPassword ? { currentPassword } : {}) });
  },
};

export const AuthActionsContext = createContext<AuthActions | null>(null);

export function useAuthActions(): AuthActions {
  return useContext(AuthActionsContext) ?? builtinActions;
}
