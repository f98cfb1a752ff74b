import { ChakraProvider } from "@chakra-ui/react";
import { useState, type ReactNode } from "react";
import { Toaster } from "../components/ui/toaster";
import { ClerkGate } from "../features/auth/clerk-gate";
import { AuthProvider } from "../lib/auth-context";
import { AppRouter } from "./router";
import { chakraSystem } from "./theme";

/** `router` is the browser router by default; the build's pre-render passes a static one. */
export function App({ router = <AppRouter /> }: { router?: ReactNode }) {
  const [system] = useState(chakraSystem);
  return (
    <ChakraProvider value={system}>
      {/* SWR's configuration is in the signed-in routes (signed-in-data.tsx, decision 166). */}
      <AuthProvider>
        <ClerkGate>{router}</ClerkGate>
        <Toaster />
      </AuthProvider>
    </ChakraProvider>
  );
}
