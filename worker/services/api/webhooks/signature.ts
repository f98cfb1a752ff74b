// Brandpilot-Signature (decision 213): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the
// scheme Stripe uses. The timestamp is signed with the body, so a receiver that refuses old
// timestamps is safe from replays; README.md shows the ten-line check in Node.
const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function signPayload(secret: string, body: string, unixSeconds: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${unixSeconds}.${body}`));
  return `t=${unixSeconds},v1=${hex(mac)}`;
}
