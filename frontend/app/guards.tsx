import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { LoadingScreen } from "../components/ui/loading-screen";
import { useAuth } from "../lib/auth-context";

type FromState = { from?: string } | null;

const loadSignedInData = () => import("./signed-in-data");
const SignedInData = lazy(loadSignedInData);

/**
 * Signed-in only: anonymous users go to /login and the origin is remembered. While the session is
 * checked, a screen inside the app shell (`shellPaths`) paints `shellSkeleton`, not a spinner.
 */
export function RequireAuth({ shellPaths = [], shellSkeleton }: { shellPaths?: readonly string[]; shellSkeleton?: ReactNode }) {
  const { user, loading, exitTo } = useAuth();
  const location = useLocation();
  const waiting = shellSkeleton && shellPaths.includes(location.pathname) ? shellSkeleton : <LoadingScreen />;
  if (loading) {
    loadSignedInData().catch(() => undefined); // in parallel with the session check (a failure shows when it renders)
    return waiting;
  }
  if (!user && exitTo) return <Navigate to={exitTo} replace />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search + location.hash }} />;
  return (
    <Suspense fallback={waiting}>
      <SignedInData>
        <Outlet />
      </SignedInData>
    </Suspense>
  );
}

/**
 * Public-only: a signed-in user goes back where they came from, otherwise to /dashboard. While the
 * session is being checked the public screen shows (it is what the pre-rendered HTML of / and
 * /login paints, decision 163), and a signed-in visitor moves on once the answer arrives.
 */
export function PublicOnly() {
  const { user } = useAuth();
  const location = useLocation();
  if (user) {
    const from = (location.state as FromState)?.from;
    return <Navigate to={from && from !== location.pathname ? from : "/dashboard"} replace />;
  }
  return <Outlet />;
}
