import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginSchema } from "../../schema/api/auth";
import { loginErrors } from "../../schema/api/auth-rules";

// /login validates without zod (bundle budget); it must agree with the Worker's zod schema.
function zodFieldErrors(values: { email: string; password: string }) {
  const result = loginSchema.safeParse(values);
  const fields: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return fields;
}

describe("login rules without zod", () => {
  it("give the same messages as the shared zod schema", () => {
    const email = fc.oneof(fc.emailAddress(), fc.string(), fc.constantFrom("a@b.co", " a@b.co ", "a..b@c.de", ".a@b.co", "a@b", "x".repeat(250) + "@b.co"));
    const password = fc.oneof(fc.string({ maxLength: 10 }), fc.string({ minLength: 195, maxLength: 205 }));
    fc.assert(
      fc.property(email, password, (e, p) => {
        expect(loginErrors({ email: e, password: p })).toEqual(zodFieldErrors({ email: e, password: p }));
      }),
      { numRuns: 500 },
    );
  });

  it("use the spec's texts", () => {
    expect(loginErrors({ email: "nope", password: "123" })).toEqual({
      email: "Please enter a valid email",
      password: "Password must be at least 6 characters",
    });
    expect(loginErrors({ email: "me@example.com", password: "secret" })).toEqual({});
  });
});
