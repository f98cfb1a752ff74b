// SWR's configuration for the signed-in screens, the only ones that fetch with SWR. Its own chunk,
// loaded by RequireAuth: swr (~6 KiB gzip) stays out of the initial JS of / and /login (decision 166).
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { fetcher } from "../lib/api";

export default function SignedInData({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ fetcher, revalidateOnFocus: false }}>{children}</SWRConfig>;
}
