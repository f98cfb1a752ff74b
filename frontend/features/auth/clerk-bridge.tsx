// With Clerk configured, the auth screens keep their own UI and run Clerk's custom flows
// underneath (docs/architecture.md: "the SPA uses @clerk/clerk-react with its own forms"). This module is
// loaded only in that case, so the built-in setup never downloads Clerk.
import { ClerkProvider, useAuth as useClerkAuth, useClerk, useSignIn, useSignUp } from "@clerk/clerk-react";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { useAuth } from "../../lib/auth-context";
import { AuthActionsContext, type AuthActions } from "./auth-actions";

const notReady = () => new Error("Clerk is still loading");

function ClerkActions({ children }: { children: ReactNode }) {
  const { isLoaded, signIn, setActive } = useSignIn();
  const { signUp } = useSignUp();
  const clerk = useClerk();
  const { isSignedIn } = useClerkAuth();
  const { user, refresh } = useAuth();

  // Clerk's session changed (signed in, out, or in another tab): reload ours from the Worker.
  useEffect(() => {
    if (isLoaded) void refresh();
  }, [isLoaded, isSignedIn, refresh]);

  // The shell signs out with POST /api/auth/logout + refresh(); end the Clerk session as well,
  // or Clerk would put its cookie back and sign the user in again.
  const previousUser = useRef(user);
  useEffect(() => {
    if (previousUser.current && !user && isSignedIn) void clerk.signOut();
    previousUser.current = user;
  }, [user, isSignedIn, clerk]);

  const actions = useMemo<AuthActions>(() => {
    const origin = window.location.origin;
    const activate = async (sessionId: string | null | undefined) => {
      if (!setActive || !sessionId) throw new Error("Sign-in needs another step");
      await setActive({ session: sessionId });
    };
    return {
      provider: "clerk",
      resetUsesCode: true,
      async signIn(email, password) {
        if (!signIn) throw notReady();
        const attempt = await signIn.create({ identifier: email, password });
        if (attempt.status !== "complete") throw new Error("Sign-in needs another step");
        await activate(attempt.createdSessionId);
      },
      async signUp(email, password) {
        if (!signUp) throw notReady();
        await signUp.create({ emailAddress: email, password });
        await signUp.prepareEmailAddressVerification({ strategy: "email_link", redirectUrl: `${origin}/login` });
      },
      async sendMagicLink(email) {
        if (!signIn) throw notReady();
        const attempt = await signIn.create({ identifier: email });
        const factor = attempt.supportedFirstFactors?.find((f) => f.strategy === "email_link");
        if (!factor || !("emailAddressId" in factor)) throw new Error("Email links are not enabled in Clerk");
        const { startEmailLinkFlow } = attempt.createEmailLinkFlow();
        // Resolves in this tab once the link is opened (anywhere); then the session starts here.
        void startEmailLinkFlow({ emailAddressId: factor.emailAddressId, redirectUrl: `${origin}/login` })
          .then(async (done) => {
            if (done.status === "complete") {
              await activate(done.createdSessionId);
              await refresh();
            }
          })
          .catch(() => {});
      },
      async verifyMagicLink() {
        throw new Error("This sign-in link is invalid or has expired");
      },
      async google() {
        if (!signIn) throw notReady();
        await signIn.authenticateWithRedirect({
          strategy: "oauth_google",
          redirectUrl: `${origin}/login?sso=1`,
          redirectUrlComplete: `${origin}/dashboard`,
        });
      },
      async completeRedirect() {
        await clerk.handleRedirectCallback({ signInFallbackRedirectUrl: "/dashboard", signUpFallbackRedirectUrl: "/dashboard" });
        await refresh();
      },
      async sendPasswordReset(email) {
        if (!signIn) throw notReady();
        await signIn.create({ strategy: "reset_password_email_code", identifier: email });
      },
      async updatePassword({ password, code }) {
        if (!signIn) throw notReady();
        if (!code) throw new Error("Enter the code from the email");
        const attempt = await signIn.attemptFirstFactor({ strategy: "reset_password_email_code", code, password });
        if (attempt.status === "complete") await activate(attempt.createdSessionId);
      },
    };
  }, [signIn, signUp, setActive, clerk, refresh]);

  return <AuthActionsContext.Provider value={actions}>{children}</AuthActionsContext.Provider>;
}

export default function ClerkBridge({ publishableKey, children }: { publishableKey: string; children: ReactNode }) {
  return (
    <ClerkProvider publishableKey={publishableKey} afterSignOutUrl="/login">
      <ClerkActions>{children}</ClerkActions>
    </ClerkProvider>
  );
}
