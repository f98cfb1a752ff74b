// Where does a hostname point? A Worker has no DNS API, so the scraper asks a DNS-over-HTTPS
// resolver (Cloudflare's JSON API by default, https://developers.cloudflare.com/1.1.1.1/encryption/dns-over-https/make-api-requests/dns-json/)
// for the A and AAAA records before each request, and refuses the URL if ANY address is special
// (a name with one public and one loopback address must not be a coin toss). SCRAPE_DNS_URL
// points at another resolver (the tests use a fake that makes names resolve to 127.0.0.1).
// A name that cannot be resolved is refused: failing closed is the only safe answer offline.
export type Resolver = (hostname: string) => Promise<string[]>;

const DEFAULT_DOH_URL = "https://cloudflare-dns.com/dns-query";
const A = 1;
const AAAA = 28;

export class ResolveError extends Error {}

type DohAnswer = { Status?: number; Answer?: { type?: number; data?: string }[] };

export function dohResolver(endpoint = DEFAULT_DOH_URL, fetcher: typeof fetch = fetch, timeoutMs = 5000): Resolver {
  const query = async (name: string, type: number): Promise<string[]> => {
    const url = new URL(endpoint);
    url.searchParams.set("name", name);
    url.searchParams.set("type", String(type));
    let body: DohAnswer;
    try {
      const res = await fetcher(url.toString(), { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new ResolveError(`resolver answered ${res.status}`);
      body = (await res.json()) as DohAnswer;
    } catch (err) {
      throw err instanceof ResolveError ? err : new ResolveError("resolver unreachable");
    }
    // NXDOMAIN (3) and friends: nothing to fetch. NOERROR with no records: the other family may answer.
    if (body.Status !== 0) throw new ResolveError(`DNS status ${body.Status}`);
    return (body.Answer ?? []).filter((a) => a.type === type && typeof a.data === "string").map((a) => a.data!);
  };
  return async (hostname) => {
    const [v4, v6] = await Promise.all([query(hostname, A), query(hostname, AAAA)]);
    const all = [...v4, ...v6];
    if (all.length === 0) throw new ResolveError("no address");
    return all;
  };
}
