// zod validation for every request part, answering the API error shape with per-field messages
// (the spec's exact texts live in the shared schemas under schema/api). Each validator carries
// its schema so the OpenAPI document can be generated from the route table itself.
import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler, ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { badRequest } from "./errors";

export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export type ValidatorMeta = { target: keyof ValidationTargets; schema: ZodType };
const VALIDATOR_META = Symbol.for("brandpilot.validator");

export function validatorMeta(handler: unknown): ValidatorMeta | undefined {
  return (handler as { [VALIDATOR_META]?: ValidatorMeta })?.[VALIDATOR_META];
}

export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) {
      const fields = fieldErrors(result.error.issues);
      const first = Object.values(fields)[0] ?? "Invalid input";
      throw badRequest(first, fields);
    }
  });
  (middleware as MiddlewareHandler & { [VALIDATOR_META]?: ValidatorMeta })[VALIDATOR_META] = { target, schema };
  return middleware;
}
