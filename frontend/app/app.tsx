import { ChakraProvider } from "@chakra-ui/react";
import { useState } from "react";
import { RouterProvider } from "react-router-dom";
import { SWRConfig } from "swr";
import { Toaster } from "../components/ui/toaster";
import { fetcher } from "../lib/api";
import { AuthProvider } from "./auth-context";
import { createRouter } from "./router";
import { system } from "./theme";

export function App() {
  const [router] = useState(createRouter);
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={{ fetcher, revalidateOnFocus: false }}>
        <AuthProvider>
          <RouterProvider router={router} />
          <Toaster />
        </AuthProvider>
      </SWRConfig>
    </ChakraProvider>
  );
}
