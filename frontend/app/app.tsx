import { ChakraProvider } from "@chakra-ui/react";
import { SWRConfig } from "swr";
import { Toaster } from "../components/ui/toaster";
import { fetcher } from "../lib/api";
import { ClerkGate } from "../features/auth/clerk-gate";
import { AuthProvider } from "./auth-context";
import { AppRouter } from "./router";
import { system } from "./theme";

export function App() {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={{ fetcher, revalidateOnFocus: false }}>
        <AuthProvider>
          <ClerkGate>
            <AppRouter />
          </ClerkGate>
          <Toaster />
        </AuthProvider>
      </SWRConfig>
    </ChakraProvider>
  );
}
