import { env, exports } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { checkUrl, htmlToText, parseAllowHosts, SAFE_FETCH_MESSAGES, safeFetchText } from "../../worker/lib/safe-fetch";
import { expectError, ORIGIN, signIn } from "./helpers";

const fakes = new URL(env.FAKES_URL);
const allow = parseAllowHosts(fakes.host);

describe("URL checks (SSRF)", () => {
  const refused = [
    "ftp://example.com/file",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "http://localhost/",
    "http://LOCALHOST./admin",
    "http://app.localhost/",
    "http://127.0.0.1/",
    "http://127.1.2.3:8080/",
    "http://2130706433/", // 127.0.0.1 in decimal
    "http://0x7f.0.0.1/", // hex
    "http://0177.0.0.1/", // octal
    "http://0.0.0.0/",
    "http://10.0.0.5/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://169.254.10.10/",
    "http://100.64.0.1/",
    "http://224.0.0.1/",
    "http://[::1]/",
    "http://[::]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[fe80::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/", // mapped 169.254.169.254
    "http://[64:ff9b::10.0.0.1]/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://metadata/",
    "http://intranet/",
    "http://10.0.0.1.nip.io/",
    "http://app-127-0-0-1.sslip.io/",
    "http://7f000001.nip.io/",
    "http://user:pass@example.com/",
    "not a url",
  ];
  it.each(refused)("refuses %s", (url) => {
    expect(() => checkUrl(url)).toThrow();
  });

  it("accepts public http(s) addresses", () => {
    for (const url of ["https://example.com/about", "http://93.184.216.34/", "http://[2606:2800:220:1::]/", "https://172.32.0.1/", "https://8.8.8.8.nip.io/"]) {
      expect(checkUrl(url).toString()).toBe(new URL(url).toString());
    }
  });

  it("exempts only the exact host:port listed in SCRAPE_ALLOW_HOSTS", () => {
    expect(() => checkUrl(`${env.FAKES_URL}/web/brand.html`)).toThrow(SAFE_FETCH_MESSAGES.blocked);
    expect(checkUrl(`${env.FAKES_URL}/web/brand.html`, allow).host).toBe(fakes.host);
    expect(() => checkUrl(`http://${fakes.hostname}:1/`, allow)).toThrow(SAFE_FETCH_MESSAGES.blocked);
    expect(() => checkUrl(`ftp://${fakes.host}/`, allow)).toThrow(SAFE_FETCH_MESSAGES.scheme);
    expect(parseAllowHosts(undefined).size).toBe(0);
    expect(parseAllowHosts(" a:1, ,B:2 ")).toEqual(new Set(["a:1", "b:2"]));
  });
});

describe("safe fetch against the fake web server", () => {
  it("fetches an allowlisted page and reduces HTML to readable text", async () => {
    const page = await safeFetchText(`${env.FAKES_URL}/web/brand.html`, { allowHosts: allow });
    const { title, text } = htmlToText(page.body);
    expect(title).toBe("Acme Trail Co. – About us");
    expect(text).toContain("About Acme Trail Co.");
    expect(text).toContain("recycled ocean plastic & canvas.");
    expect(text).toContain("Summit 30: our best-selling daypack\nRidge 45: built for overnight trips");
    expect(text).toContain("We plant a tree for every order — over 50,000 so far.");
    for (const gone of ["tracking", "font-family", "navigation link", "Copyright footer", "late script"]) expect(text).not.toContain(gone);
  });

  it("refuses the same page without the allowlist (default config)", async () => {
    await expect(safeFetchText(`${env.FAKES_URL}/web/brand.html`)).rejects.toThrow(SAFE_FETCH_MESSAGES.blocked);
  });

  it("re-checks every redirect hop and caps redirects", async () => {
    const toMeta = `${env.FAKES_URL}/web/redirect?to=${encodeURIComponent("http://169.254.169.254/latest/meta-data/")}`;
    await expect(safeFetchText(toMeta, { allowHosts: allow })).rejects.toThrow(SAFE_FETCH_MESSAGES.blocked);
    const toFile = `${env.FAKES_URL}/web/redirect?to=${encodeURIComponent("file:///etc/passwd")}`;
    await expect(safeFetchText(toFile, { allowHosts: allow })).rejects.toThrow(SAFE_FETCH_MESSAGES.scheme);
    const ok = await safeFetchText(`${env.FAKES_URL}/web/redirect?to=/web/plain.txt`, { allowHosts: allow });
    expect(ok.url).toBe(`${env.FAKES_URL}/web/plain.txt`);
    await expect(safeFetchText(`${env.FAKES_URL}/web/redirect-loop`, { allowHosts: allow })).rejects.toThrow(SAFE_FETCH_MESSAGES.tooManyRedirects);
  });

  it("caps size and time, and keeps text only", async () => {
    await expect(safeFetchText(`${env.FAKES_URL}/web/large`, { allowHosts: allow })).rejects.toThrow(SAFE_FETCH_MESSAGES.tooLarge);
    await expect(safeFetchText(`${env.FAKES_URL}/web/slow`, { allowHosts: allow, limits: { timeoutMs: 300 } })).rejects.toThrow(SAFE_FETCH_MESSAGES.timeout);
    await expect(safeFetchText(`${env.FAKES_URL}/web/image.png`, { allowHosts: allow })).rejects.toThrow(SAFE_FETCH_MESSAGES.notText);
    await expect(safeFetchText(`${env.FAKES_URL}/web/missing`, { allowHosts: allow })).rejects.toThrow(SAFE_FETCH_MESSAGES.status(404));
  });

  it("htmlToText survives unclosed tags, comments and entities", () => {
    const { title, text } = htmlToText("<title>A &amp; B</title><p>One<!-- hidden --> two<p>Three &#x2713; <nav>menu<div>x</div></nav>four<br>five");
    expect(title).toBe("A & B");
    expect(text).toBe("One two\nThree ✓ four\nfive");
  });
});

describe("POST documents {url}", () => {
  const body = (url: string) => JSON.stringify({ url });

  it("refuses private addresses with the default config and stores nothing", async () => {
    const u = await signIn();
    for (const url of [`${env.FAKES_URL}/web/brand.html`, "http://169.254.169.254/", "file:///etc/passwd"]) {
      const res = await exports.default.fetch(
        new Request(`${ORIGIN}/api/projects/${u.projectId}/brain/documents`, { method: "POST", headers: u.headers, body: body(url) }),
      );
      const err = await expectError(res, 400);
      expect(err.fields?.url).toBe(err.message);
    }
    const n = await env.DB.prepare("select count(*) as n from brain_documents where project_id = ?").bind(u.projectId).first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("scrapes an allowlisted page into a queued 'scrape' document with its text in R2", async () => {
    const u = await signIn();
    const allowed = { ...env, SCRAPE_ALLOW_HOSTS: fakes.host };
    const res = await worker.fetch(
      new Request(`${ORIGIN}/api/projects/${u.projectId}/brain/documents`, {
        method: "POST",
        headers: u.headers,
        body: body(`${env.FAKES_URL}/web/brand.html`),
      }),
      allowed,
      createExecutionContext(),
    );
    expect(res.status).toBe(202);
    const doc = (await res.json()) as { id: string; type: string; title: string; source_name: string };
    expect(doc).toMatchObject({ type: "scrape", title: "Acme Trail Co. – About us", source_name: `${env.FAKES_URL}/web/brand.html` });
    const stored = await env.BUCKET.get(`brain-sources/${u.projectId}/${doc.id}.txt`);
    const text = await stored!.text();
    expect(text).toContain("lifetime warranty");
    expect(text).not.toContain("tracking");
  });
});
