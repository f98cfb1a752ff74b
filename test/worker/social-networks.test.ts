import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PLATFORM_IDS } from "../../platforms/registry";
import { networkAvailability } from "../../worker/services/social/oauth";
import { call, expectError, json, signIn } from "./helpers";

// Decision 205 / decision 206: Social Connect asks the server which networks it can connect now, so
// a marketer's Connect goes straight to consent and only an unconfigured network shows a setup task.
describe("GET /api/social-networks", () => {
  it("lists every network as configured where the sandbox stands in (npm start, tests)", async () => {
    const user = await signIn();
    const res = await json(user, "GET", "/api/social-networks");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { networks: { id: string; configured: boolean }[] };
    expect(body.networks.map((n) => n.id)).toEqual([...PLATFORM_IDS]);
    expect(body.networks.every((n) => n.configured)).toBe(true);
    // Yes or no only: no key, id or URL of the server's configuration.
    expect(JSON.stringify(body)).not.toMatch(/client|secret|http/i);
  });

  it("says which networks lack their keys when there is no sandbox", () => {
    const bare = { ...env, PLATFORM_SANDBOX_URL: undefined } as unknown as typeof env;
    const without = Object.fromEntries(networkAvailability(bare).map((n) => [n.id, n.configured]));
    // Keyed networks need their app; Bluesky and Mastodon need none (the user's own account).
    expect(without).toMatchObject({ twitter: false, instagram: false, linkedin: false, facebook: false, threads: false, bluesky: true, mastodon: true });
    const withX = Object.fromEntries(
      networkAvailability({ ...bare, X_CLIENT_ID: "abc", X_CLIENT_SECRET: "s" } as unknown as typeof env).map((n) => [n.id, n.configured]),
    );
    expect(withX.twitter).toBe(true);
    expect(withX.instagram).toBe(false);
  });

  it("answers 401 when anonymous", async () => {
    await expectError(await call("/api/social-networks"), 401);
  });
});
