// Test-only: a call through the Cloudflare Images binding (env.IMAGES) checked against the
// binding's hand-written contract (test/contracts/cf-images/binding.json, its source and date in
// its header; decision 262). The fake binding (test/fakes/images-binding.ts) sends each call here
// before it answers: an option the binding does not take, a value out of its range or a format
// string it does not know is refused as the binding refuses it (9401) and recorded as a contract
// violation; an input that is no image (9412) or over the binding's limits (9413) is refused as
// the service refuses it. Ajv is test-only: nothing here is imported by worker/.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020, { type ErrorObject } from "ajv/dist/2020.js";

type Refusal = { code: number; message: string };
type Contract = {
  input: { schema: object };
  transform: { schema: object };
  output: { schema: object };
  limits: { maxBytes: number; maxPixels: number; maxSide: number; inputFormats: string[] };
  errors: { notAnImage: Refusal; tooLarge: Refusal; badOptions: Refusal };
};
const contract = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "cf-images", "binding.json"), "utf8")) as Contract;
const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = { input: ajv.compile(contract.input.schema), transform: ajv.compile(contract.transform.schema), output: ajv.compile(contract.output.schema) };

/** What the fake binding saw: the options of each step and the facts of the input image. */
export type ImagesCall = {
  input: unknown;
  steps: ({ transform: unknown } | { draw: unknown })[];
  output: unknown;
  image: { type: string | null; bytes: number; width?: number; height?: number };
};

const describe = (where: string, errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) =>
    e.keyword === "additionalProperties"
      ? `${where}: option "${String(e.params.additionalProperty)}" is not in the contract`
      : `${where}${e.instancePath}: ${e.message ?? e.keyword}`,
  );

/** The call's problems with the contract (violations) and the binding's refusal, if it refuses. */
export function imagesCallCheck(call: ImagesCall): { problems: string[]; refusal: Refusal | null } {
  const problems = [
    ...(validators.input(call.input ?? {}) ? [] : describe("input()", validators.input.errors)),
    ...call.steps.flatMap((s, i) =>
      "transform" in s ? (validators.transform(s.transform) ? [] : describe(`transform() #${i + 1}`, validators.transform.errors)) : [],
    ),
    ...(validators.output(call.output) ? [] : describe("output()", validators.output.errors)),
  ];
  if (problems.length) return { problems, refusal: { code: contract.errors.badOptions.code, message: `${contract.errors.badOptions.message}: ${problems.join("; ")}` } };
  const { type, bytes, width = 0, height = 0 } = call.image;
  if (!type || !contract.limits.inputFormats.includes(type)) return { problems, refusal: contract.errors.notAnImage };
  if (bytes > contract.limits.maxBytes || width * height > contract.limits.maxPixels || Math.max(width, height) > contract.limits.maxSide)
    return { problems, refusal: contract.errors.tooLarge };
  return { problems, refusal: null };
}
