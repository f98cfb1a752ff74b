// The contracts themselves (decision 190): every model Brandpilot may call has a published
// contract and is not retired or shut down, and `npm run contracts` lists each contract with its
// source and date and flags those read more than 90 days ago.
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPENAI_MODELS, WORKERS_AI_MODELS, WORKERS_AI_STRUCTURED_OUTPUT } from "../../worker/adapters/ai/models";
import { WORKERS_AI_DEFAULTS } from "../../worker/adapters/ai/workers-ai-engine";
import { WORKERS_AI_IMAGE_DEFAULT } from "../../worker/adapters/ai/workers-ai-image";
import { openAiModelShutDown, openAiRequestProblems, workersAiRetired, workersAiRunCheck } from "../contracts/ai-services";

const root = path.resolve(import.meta.dirname, "../..");

describe("the model lists against the services' contracts", () => {
  it("every Workers AI model in the lists has a published schema and is not retired", () => {
    for (const [task, list] of Object.entries(WORKERS_AI_MODELS)) {
      for (const model of list) {
        expect(workersAiRetired(model), `${task}: ${model}`).toBe(false);
        expect(workersAiRunCheck(model, {}).kind, `${task}: ${model} needs test/contracts/workers-ai/models/`).toBe("ok");
      }
    }
    expect(WORKERS_AI_DEFAULTS.chatModel).toBe(WORKERS_AI_MODELS.chat[0]);
    expect(WORKERS_AI_IMAGE_DEFAULT).toBe(WORKERS_AI_MODELS.image[0]);
    // The model the issue found retired is known as such.
    expect(workersAiRetired("@cf/meta/llama-3.1-8b-instruct")).toBe(true);
  });

  it("the writer sends a JSON Schema to exactly the Workers AI chat models whose published input has response_format (decision 258)", () => {
    const takesFormat = (model: string) => {
      const check = workersAiRunCheck(model, {});
      const branches = check.kind === "ok" ? ((check.model.schema.input as { oneOf?: { properties?: object }[] }).oneOf ?? []) : [];
      return branches.length > 0 && branches.every((b) => "response_format" in (b.properties ?? {}));
    };
    expect(WORKERS_AI_MODELS.chat.filter(takesFormat)).toEqual([...WORKERS_AI_STRUCTURED_OUTPUT]);
    for (const model of WORKERS_AI_STRUCTURED_OUTPUT) {
      const format = (json_schema: object) => ({ messages: [{ role: "user", content: "hi" }], response_format: { type: "json_schema", json_schema } });
      expect(workersAiRunCheck(model, format({ name: "post", schema: { type: "object" }, strict: true })).problems, model).toEqual([]);
      // The published schema wants the JSON Schema under json_schema.schema, with a name.
      expect(workersAiRunCheck(model, format({ type: "object" })).problems, model).not.toEqual([]);
    }
  });

  it("every OpenAI model in the lists is in the OpenAPI description and not shut down", () => {
    for (const model of OPENAI_MODELS.chat) {
      expect(openAiModelShutDown(model), model).toBe(false);
      expect(
        openAiRequestProblems({
          method: "POST",
          path: "/chat/completions",
          contentType: "application/json",
          body: { model, messages: [{ role: "user", content: "hi" }], max_completion_tokens: 10 },
        }),
      ).toEqual([]);
    }
    for (const model of OPENAI_MODELS.embeddings) {
      expect(
        openAiRequestProblems({
          method: "POST",
          path: "/embeddings",
          contentType: "application/json",
          body: { model, input: ["hi"], encoding_format: "float" },
        }),
      ).toEqual([]);
    }
    for (const model of OPENAI_MODELS.image) {
      expect(openAiModelShutDown(model), model).toBe(false);
      expect(
        openAiRequestProblems({
          method: "POST",
          path: "/images/generations",
          contentType: "application/json",
          body: { model, prompt: "a bike", n: 1, size: "1024x1024", output_format: "jpeg" },
        }),
      ).toEqual([]);
    }
    expect(openAiModelShutDown("gpt-4")).toBe(true);
    expect(openAiModelShutDown("dall-e-3")).toBe(true);
  });
});

describe("npm run contracts", () => {
  const run = (args: string[], env: Record<string, string> = {}) => {
    const r = spawnSync(process.execPath, [path.join(root, "scripts/contracts.mjs"), ...args], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, ...env },
    });
    return { code: r.status, out: r.stdout + r.stderr };
  };

  it("lists every contract with its source and read date, exit 0 when all are fresh", () => {
    const r = run(["--today", "2026-11-27"]);
    expect(r.code, r.out).toBe(0);
    for (const file of [
      "openai/openapi.json",
      "workers-ai/deprecations.json",
      "workers-ai/models/glm-4.7-flash.json",
      "vectorize/rules.json",
      "clerk/csp.json",
      "wrangler/commands.json",
    ]) {
      expect(r.out).toContain(file);
    }
    expect(r.out).toContain("source: https://github.com/openai/openai-openapi");
    expect(r.out).toMatch(/\d+ contracts, 0 to refresh/);
  });

  it("each rule of a hand-written contract names the page it comes from", () => {
    // Services without a machine-readable contract get a hand-written one (decisions 190, 276):
    // its header gives the date it was read, each rule the page it comes from.
    for (const file of [
      "vectorize/rules.json",
      "clerk/csp.json",
      "clerk/backend-api.json",
      "cf-images/binding.json",
      "openai/models.json",
      "wrangler/commands.json",
    ]) {
      const contract = JSON.parse(readFileSync(path.join(root, "test/contracts", file), "utf8")) as Record<string, unknown>;
      const unsourced = Object.entries(contract)
        .filter(([key]) => key !== "$contract")
        .filter(
          ([, rule]) => !(rule && typeof rule === "object" && ["page", "source", "see"].some((k) => typeof (rule as Record<string, unknown>)[k] === "string")),
        )
        .map(([key]) => `${file}: ${key}`);
      expect(unsourced).toEqual([]);
    }
  });

  it("flags contracts read more than 90 days ago and files without source or date, exit 1", () => {
    expect(run(["--today", "2027-02-26"]).code).toBe(1); // 91 days after 2026-11-27
    const dir = mkdtempSync(path.join(os.tmpdir(), "contracts-"));
    try {
      mkdirSync(path.join(dir, "svc"));
      writeFileSync(
        path.join(dir, "svc", "old.json"),
        JSON.stringify({ $contract: { service: "Old", source: "https://example.com/api", read: "2026-01-01" } }),
      );
      writeFileSync(path.join(dir, "svc", "anon.json"), JSON.stringify({ rules: [] }));
      writeFileSync(
        path.join(dir, "svc", "fresh.json"),
        JSON.stringify({ $contract: { service: "Fresh", source: "https://example.com/x", read: "2026-11-01" } }),
      );
      const r = run(["--today", "2026-11-27"], { CONTRACTS_DIR: dir });
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/STALE svc\/old\.json/);
      expect(r.out).toMatch(/NO SOURCE svc\/anon\.json/);
      expect(r.out).toMatch(/ok {4}svc\/fresh\.json/);
      expect(r.out).toContain("3 contracts, 2 to refresh");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
