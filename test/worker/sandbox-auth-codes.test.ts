// The platform sandbox redeems an authorization code once, as every network's OAuth server must
// (RFC 6749 4.1.2): a second use is refused, a code sent with another redirect URI (or, on
// Mastodon, by another app) is refused and burnt, and a code of one network is unknown to another.
// The five OAuth-code networks share one redeemGrant (platforms/shared/sandbox-core.ts, decision
// 125); these talk to the sandbox directly, as the networks' token endpoints are called.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FACEBOOK_SANDBOX_CLIENT } from "../../platforms/facebook/meta";
import { INSTAGRAM_SANDBOX_CLIENT } from "../../platforms/instagram/meta";
import { LINKEDIN_SANDBOX_CLIENT } from "../../platforms/linkedin/meta";
import { THREADS_SANDBOX_CLIENT } from "../../platforms/threads/meta";
import { uname } from "./network-helpers";

const REDIRECT = "https://app.example.com/auth/callback";
type Client = { clientId: string; clientSecret: string };

/** Approves on the sandbox's authorize page; the code it redirects back with. */
async function codeFrom(authorizePath: string, client: Client, redirectUri = REDIRECT): Promise<string> {
  const form = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    state: "s",
    username: uname(),
    decision: "approve",
  });
  const res = await fetch(`${env.FAKES_URL}${authorizePath}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  const code = new URL(String(res.headers.get("location")).replace(/#_$/, "")).searchParams.get("code");
  expect(code).toBeTruthy();
  return code!;
}

type Network = { name: string; authorize: string; client: Client; exchange: (code: string, redirectUri: string) => Promise<Response> };

const postForm = (path: string, values: Record<string, string>) =>
  fetch(`${env.FAKES_URL}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(values) });
const withClient = (client: Client, code: string, redirectUri: string) => ({
  client_id: client.clientId,
  client_secret: client.clientSecret,
  grant_type: "authorization_code",
  redirect_uri: redirectUri,
  code,
});

const NETWORKS: Network[] = [
  {
    name: "instagram",
    authorize: "/instagram/oauth/authorize",
    client: INSTAGRAM_SANDBOX_CLIENT,
    exchange: (code, redirectUri) => postForm("/instagram/oauth/access_token", withClient(INSTAGRAM_SANDBOX_CLIENT, code, redirectUri)),
  },
  {
    name: "threads",
    authorize: "/threads/oauth/authorize",
    client: THREADS_SANDBOX_CLIENT,
    exchange: (code, redirectUri) => postForm("/threads/oauth/access_token", withClient(THREADS_SANDBOX_CLIENT, code, redirectUri)),
  },
  {
    name: "facebook",
    authorize: "/facebook/v26.0/dialog/oauth",
    client: FACEBOOK_SANDBOX_CLIENT,
    exchange: (code, redirectUri) => {
      const { grant_type: _grant, ...qs } = withClient(FACEBOOK_SANDBOX_CLIENT, code, redirectUri);
      return fetch(`${env.FAKES_URL}/facebook/v26.0/oauth/access_token?${new URLSearchParams(qs)}`);
    },
  },
  {
    name: "linkedin",
    authorize: "/linkedin/oauth/v2/authorization",
    client: LINKEDIN_SANDBOX_CLIENT,
    exchange: (code, redirectUri) => postForm("/linkedin/oauth/v2/accessToken", withClient(LINKEDIN_SANDBOX_CLIENT, code, redirectUri)),
  },
];

describe.each(NETWORKS)("$name sandbox token endpoint", (net) => {
  it("redeems a code once; the second use is refused", async () => {
    const code = await codeFrom(net.authorize, net.client);
    const first = await net.exchange(code, REDIRECT);
    expect(first.status).toBe(200);
    expect(JSON.stringify(await first.json())).toContain("access_token");
    expect((await net.exchange(code, REDIRECT)).status).toBe(400);
  });

  it("refuses a code sent with another redirect URI, and the code is burnt", async () => {
    const code = await codeFrom(net.authorize, net.client);
    expect((await net.exchange(code, "https://elsewhere.example.com/cb")).status).toBe(400);
    expect((await net.exchange(code, REDIRECT)).status).toBe(400);
  });

  it("does not know another network's code, nor a forged one", async () => {
    const other = NETWORKS.find((n) => n.name !== net.name)!;
    const foreign = await codeFrom(other.authorize, other.client);
    expect((await net.exchange(foreign, REDIRECT)).status).toBe(400);
    expect((await net.exchange(`${foreign}x`, REDIRECT)).status).toBe(400);
  });
});

describe("mastodon sandbox token endpoint", () => {
  const host = "codes.example";
  async function app(): Promise<Client> {
    const res = await postForm(`/mastodon/i/${host}/api/v1/apps`, { client_name: "Brandpilot test", redirect_uris: REDIRECT, scopes: "read write" });
    const body = (await res.json()) as { client_id: string; client_secret: string };
    return { clientId: body.client_id, clientSecret: body.client_secret };
  }
  const exchange = (client: Client, code: string, redirectUri = REDIRECT) => postForm(`/mastodon/i/${host}/oauth/token`, withClient(client, code, redirectUri));

  it("redeems a code once, only for the app it was issued to and its redirect URI", async () => {
    const mine = await app();
    const code = await codeFrom(`/mastodon/i/${host}/oauth/authorize`, mine);
    expect((await exchange(mine, code)).status).toBe(200);
    expect((await exchange(mine, code)).status).toBe(400);

    // Another app of the same instance, with its own valid secret, cannot redeem my code; after
    // that attempt the code is burnt for me too.
    const theirs = await app();
    const stolen = await codeFrom(`/mastodon/i/${host}/oauth/authorize`, mine);
    expect((await exchange(theirs, stolen)).status).toBe(400);
    expect((await exchange(mine, stolen)).status).toBe(400);

    const misdirected = await codeFrom(`/mastodon/i/${host}/oauth/authorize`, mine);
    expect((await exchange(mine, misdirected, "https://elsewhere.example.com/cb")).status).toBe(400);
  });
});
