// The contract checker the platform sandbox runs on every request (test/contracts/validate.ts):
// it must refuse what the services refuse, or the conformance suite proves nothing.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script without type declarations
import { nearSunset } from "../../scripts/contracts.mjs";
import { CONTRACTS } from "../contracts/index.ts";
import { GRAPH_API_CURRENT } from "../contracts/meta-graph/contract.ts";
import { compileContract, type RecordedRequest } from "../contracts/validate.ts";

const req = (method: string, path: string, opts: { query?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {}): RecordedRequest => ({
  method,
  path,
  query: new URLSearchParams(opts.query ?? ""),
  headers: opts.headers ?? {},
  body: typeof opts.body === "string" ? new TextEncoder().encode(opts.body) : (opts.body ?? new Uint8Array()),
});

async function multipart(fields: Record<string, string | Blob>): Promise<{ type: string; body: Uint8Array }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const r = new Request("http://x/", { method: "POST", body: form });
  return { type: r.headers.get("content-type")!, body: new Uint8Array(await r.arrayBuffer()) };
}

describe("contracts", () => {
  it("every contract names its sources with the date they were read", () => {
    for (const c of Object.values(CONTRACTS)) {
      expect(c.sources.length).toBeGreaterThan(0);
      for (const s of c.sources) expect(s.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const e of c.endpoints) expect(e.source).toMatch(/https:\/\/\S+ \(read \d{4}-\d{2}-\d{2}\)/);
    }
  });

  it("X: the retired command=INIT upload and a media_type field in the one-shot upload are refused; the current requests pass", async () => {
    const check = compileContract(CONTRACTS.x!);
    const auth = { authorization: "Bearer t" };
    const image = new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" });
    const ok = await multipart({ media: image, media_category: "tweet_image" });
    expect((await check(req("POST", "/2/media/upload", { headers: { ...auth, "content-type": ok.type }, body: ok.body }))).problems).toEqual([]);
    const typed = await multipart({ media: image, media_category: "tweet_image", media_type: "image/png" });
    expect((await check(req("POST", "/2/media/upload", { headers: { ...auth, "content-type": typed.type }, body: typed.body }))).problems.join(" ")).toMatch(
      /additional properties.*media_type/,
    );
    const init = await multipart({ command: "INIT", total_bytes: "10", media_type: "image/gif", media_category: "tweet_gif" });
    expect((await check(req("POST", "/2/media/upload", { headers: { ...auth, "content-type": init.type }, body: init.body }))).problems.length).toBeGreaterThan(
      0,
    );
    const initialize = { ...auth, "content-type": "application/json" };
    expect(
      (
        await check(
          req("POST", "/2/media/upload/initialize", {
            headers: initialize,
            body: JSON.stringify({ media_category: "tweet_gif", media_type: "image/gif", total_bytes: 10 }),
          }),
        )
      ).problems,
    ).toEqual([]);
    expect(
      (await check(req("POST", "/2/media/upload/initialize", { headers: initialize, body: JSON.stringify({ command: "INIT", total_bytes: 10 }) }))).problems
        .length,
    ).toBeGreaterThan(0);
    expect((await check(req("POST", "/2/media/upload/123/finalize", { headers: auth }))).problems).toEqual([]);
    expect((await check(req("POST", "/2/media/upload/abc/finalize", { headers: auth }))).problems.join(" ")).toMatch(/path parameter id/);
    expect(
      (await check(req("POST", "/2/tweets", { headers: initialize, body: JSON.stringify({ text: "hi", media_type: "x" }) }))).problems.length,
    ).toBeGreaterThan(0);
    expect((await check(req("GET", "/2/unknown", { headers: auth }))).problems).toEqual(["unknown endpoint: GET /2/unknown"]);
    expect((await check(req("GET", "/2/users/me", {}))).problems).toEqual(["header authorization is required"]);
  });

  it("AT Protocol: a post over 300 graphemes or without createdAt breaks app.bsky.feed.post", async () => {
    const check = compileContract(CONTRACTS.bluesky!);
    const headers = { authorization: "Bearer t", "content-type": "application/json" };
    const body = (record: Record<string, unknown>) =>
      JSON.stringify({ repo: "did:plc:abc", collection: "app.bsky.feed.post", rkey: "3kabcdefghij2", record: { $type: "app.bsky.feed.post", ...record } });
    const now = new Date().toISOString();
    expect(
      (await check(req("POST", "/xrpc/com.atproto.repo.createRecord", { headers, body: body({ text: "é".repeat(300), createdAt: now }) }))).problems,
    ).toEqual([]);
    expect(
      (await check(req("POST", "/xrpc/com.atproto.repo.createRecord", { headers, body: body({ text: "a".repeat(301), createdAt: now }) }))).problems.length,
    ).toBeGreaterThan(0);
    expect((await check(req("POST", "/xrpc/com.atproto.repo.createRecord", { headers, body: body({ text: "hi" }) }))).problems.length).toBeGreaterThan(0);
    expect(
      (await check(req("GET", "/xrpc/app.bsky.feed.getPosts", { query: "uris=at://did:plc:a/app.bsky.feed.post/1&uris=at://did:plc:a/app.bsky.feed.post/2" })))
        .problems,
    ).toEqual([]);
  });

  it("LinkedIn: a post needs the version headers and its required fields", async () => {
    const check = compileContract(CONTRACTS.linkedin!);
    const post = {
      author: "urn:li:person:abc",
      commentary: "hi",
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
    };
    const headers = { authorization: "Bearer t", "linkedin-version": "202610", "x-restli-protocol-version": "2.0.0", "content-type": "application/json" };
    expect((await check(req("POST", "/rest/posts", { headers, body: JSON.stringify(post) }))).problems).toEqual([]);
    expect(
      (await check(req("POST", "/rest/posts", { headers: { ...headers, "linkedin-version": "" }, body: JSON.stringify(post) }))).problems.length,
    ).toBeGreaterThan(0);
    expect(
      (await check(req("POST", "/rest/posts", { headers, body: JSON.stringify({ ...post, lifecycleState: undefined }) }))).problems.length,
    ).toBeGreaterThan(0);
  });
});

describe("the API versions the adapters send", () => {
  it("are the versions their contracts were read for, and none is past its sunset", async () => {
    const { FACEBOOK_GRAPH_VERSION } = await import("../../platforms/facebook/adapter.ts");
    const { INSTAGRAM_GRAPH_VERSION } = await import("../../platforms/instagram/adapter.ts");
    const { THREADS_API_VERSION } = await import("../../platforms/threads/adapter.ts");
    const { LINKEDIN_DEFAULT_VERSION } = await import("../../platforms/linkedin/adapter.ts");
    const sent: Record<string, string> = {
      facebook: FACEBOOK_GRAPH_VERSION,
      instagram: INSTAGRAM_GRAPH_VERSION,
      threads: THREADS_API_VERSION,
      linkedin: LINKEDIN_DEFAULT_VERSION,
    };
    for (const [network, version] of Object.entries(sent)) {
      const declared = CONTRACTS[network]!.apiVersions ?? [];
      expect(
        declared.map((v) => v.name),
        network,
      ).toEqual([version]);
      for (const v of declared) {
        expect(v.source).toMatch(/https:\/\/\S+ \(read \d{4}-\d{2}-\d{2}\)/);
        if (v.sunset) expect(Date.parse(`${v.sunset}T00:00:00Z`), `${network} ${v.name}`).toBeGreaterThan(Date.parse("2026-11-28T00:00:00Z"));
      }
    }
  });

  it("flags an API version within 90 days of its sunset, or past it; a version without an announced sunset never", () => {
    const v22 = [{ name: "v22.0", sunset: "2027-05-20", source: "versions page" }];
    expect(nearSunset(v22, "2027-02-20")).toBe("API version v22.0 is sunset on 2027-05-20 (versions page)");
    expect(nearSunset(v22, "2027-02-18")).toBeNull();
    expect(nearSunset(v22, "2027-06-01")).toBe("API version v22.0 was sunset on 2027-05-20 (versions page)");
    expect(nearSunset([{ name: "v26.0", sunset: null, source: "versions page" }], "2030-01-01")).toBeNull();
  });

  it("Facebook and Instagram send the current Graph API version of Meta's changelog (decision 264)", async () => {
    const { FACEBOOK_GRAPH_VERSION } = await import("../../platforms/facebook/adapter.ts");
    const { INSTAGRAM_GRAPH_VERSION } = await import("../../platforms/instagram/adapter.ts");
    expect([FACEBOOK_GRAPH_VERSION, INSTAGRAM_GRAPH_VERSION]).toEqual([GRAPH_API_CURRENT.name, GRAPH_API_CURRENT.name]);
    // So npm run contracts does not flag them where v22.0 (sunset 2027-05-20) would have been.
    const root = path.resolve(import.meta.dirname, "../..");
    const run = spawnSync(process.execPath, [path.join(root, "scripts/contracts.mjs"), "--today", "2027-02-20"], { cwd: root, encoding: "utf8" });
    const flagOf = (service: string) =>
      run.stdout
        .split("\n")
        .find((l) => l.includes(`, ${service})`))
        ?.split(" ")[0];
    expect(flagOf("meta-graph/facebook"), run.stdout).toBe("ok");
    expect(flagOf("meta-graph/instagram")).toBe("ok");
    expect(run.stdout).toContain("API version v26.0 (sunset not announced)");
  });
});
