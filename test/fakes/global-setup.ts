import type { TestProject } from "vitest/node";
import { startFakes } from "./server";

// Starts the local fakes of outside services (on 127.0.0.1) for the worker tests, and stops them.
export default async function setup(project: TestProject) {
  // The sandbox downloads image_url (platforms/shared/sandbox-media.ts). The app runs inside workerd
  // (http://localhost in these tests) and is not reachable over TCP, so its media and the test's
  // public image hosts are served from bytes each test PUTs at /_media?url=...; the fakes server's
  // own pages (/web/...) are fetched over HTTP. Everything else is fetched as the real API would.
  process.env.SANDBOX_MEDIA_STORE = "1";
  // Tests only: every request to the platform sandbox is checked against its network's contract.
  await import("./contract-log.ts");
  const fakes = await startFakes();
  process.env.SANDBOX_PUBLIC_ORIGINS = [fakes.url, "http://localhost", "https://images.example.com", "https://brandpilot.example"].join(",");
  project.provide("fakesUrl", fakes.url);
  return async () => {
    await fakes.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    fakesUrl: string;
  }
}
