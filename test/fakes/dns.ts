// A fake DNS-over-HTTPS resolver speaking Cloudflare's JSON format (GET /dns-query?name=&type=,
// Accept: application/dns-json; 400 for a request the real one refuses). It makes test names
// point wherever a test needs, above all at loopback and metadata addresses:
//   loopback.example.test -> 127.0.0.1        metadata.example.test -> 169.254.169.254
//   v6loop.example.test   -> ::1 (AAAA only)  mapped.example.test   -> ::ffff:10.0.0.1
//   mixed.example.test    -> 93.184.216.34 and 10.1.2.3
//   public.example.test / app.example.test -> 93.184.216.34;  anything else: NXDOMAIN (Status 3)
import { registerFake } from "./server.ts";

const RECORDS: Record<string, { a?: string[]; aaaa?: string[] }> = {
  "loopback.example.test": { a: ["127.0.0.1"] },
  "metadata.example.test": { a: ["169.254.169.254"] },
  "v6loop.example.test": { aaaa: ["::1"] },
  "mapped.example.test": { aaaa: ["::ffff:10.0.0.1"] },
  "mixed.example.test": { a: ["93.184.216.34", "10.1.2.3"] },
  "public.example.test": { a: ["93.184.216.34"] },
  "app.example.test": { a: ["93.184.216.34"] },
};

registerFake("/dns-query", (req, res, _body, url) => {
  const name = (url.searchParams.get("name") ?? "").toLowerCase().replace(/\.$/, "");
  const type = url.searchParams.get("type") ?? "A";
  const accept = req.headers.accept ?? "";
  if (req.method !== "GET" || !name || !accept.includes("application/dns-json") || !["1", "28", "A", "AAAA"].includes(type)) {
    res.writeHead(400, { "content-type": "application/json" }).end('{"error":"Invalid query"}');
    return true;
  }
  const rec = RECORDS[name];
  const numeric = type === "A" || type === "1" ? 1 : 28;
  const data = rec ? ((numeric === 1 ? rec.a : rec.aaaa) ?? []) : [];
  const body = {
    Status: rec ? 0 : 3,
    TC: false,
    RD: true,
    RA: true,
    AD: false,
    CD: false,
    Question: [{ name: `${name}.`, type: numeric }],
    ...(data.length ? { Answer: data.map((d) => ({ name: `${name}.`, type: numeric, TTL: 300, data: d })) } : {}),
  };
  res.writeHead(200, { "content-type": "application/dns-json" }).end(JSON.stringify(body));
  return true;
});
