import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { Toaster } from "../components/ui/toaster";
import { fetcher } from "../lib/api";
import { ClerkGate } from "../features/auth/clerk-gate";
import { AuthProvider } from "./auth-context";
import { AppRouter } from "./router";
import { system } from "./theme";

/** `router` is the browser router by default; the build's pre-render passes a static one. */
export function App({ router = <AppRouter /> }: { router?: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={{ fetcher, revalidateOnFocus: false }}>
        <AuthProvider>
          <ClerkGate>
            {router}
          </ClerkGate>
          <Toaster />
        </AuthProvider>
      </SWRConfig>
    </ChakraProvider>
  );
}
