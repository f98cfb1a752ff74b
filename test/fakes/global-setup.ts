import type { TestProject } from "vitest/node";
import { startFakes } from "./server";

// Starts the local fakes of outside services (on 127.0.0.1) for the worker tests, and stops them.
export default async function setup(project: TestProject) {
  const fakes = await startFakes();
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
