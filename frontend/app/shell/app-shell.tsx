import { Suspense } from "react";
import { Box } from "@chakra-ui/react";
import { Outlet } from "react-router-dom";
import { LoadingScreen } from "../../components/ui/loading-screen";

/** Header, side navigation, mobile bottom navigation and the floating button (shell area). */
export default function AppShell() {
  return (
    <Box minH="100vh">
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
