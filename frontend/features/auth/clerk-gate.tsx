import { lazy, Suspense, type ReactNode } from "react";
import { useAuth } from "../../lib/auth-context";
import { LoadingScreen } from "../../components/ui/loading-screen";

const ClerkBridge = lazy(() => import("./clerk-bridge"));

/**
 * Mounts Clerk (lazily) when the Worker reports that Clerk is the auth provider; otherwise the
 * app runs on the built-in accounts and Clerk is never downloaded.
 */
export function ClerkGate({ children }: { children: ReactNode }) {
  const { authConfig } = useAuth();
  if (authConfig?.provider === "clerk" && authConfig.clerkPublishableKey) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ClerkBridge publishableKey={authConfig.clerkPublishableKey}>{children}</ClerkBridge>
      </Suspense>
    );
  }
  return <>{children}</>;
}
