// Shortcuts for the auth tests: anonymous JSON calls from a fresh client IP (so per-IP rate
// limits of one test do not leak into another), and reading links from the dev outbox.
import { env } from "cloudflare:workers";
import { call, ORIGIN } from "./helpers";

export const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
export const randomEmail = (tag = "u") => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": randomIp(), ...headers },
    body: JSON.stringify(body),
  });
}

/** "bp_session=..." from a Set-Cookie header. */
export function sessionCookieOf(res: Response): string {
  const set = res.headers.get("set-cookie") ?? "";
  const m = set.match(/bp_session=([^;]*)/);
  if (!m || !m[1]) throw new Error(`no session cookie in: ${set}`);
  return `bp_session=${m[1]}`;
}

export async function outbox(to: string): Promise<{ subject: string; text: string; html: string | null }[]> {
  const { results } = await env.DB.prepare('select subject, text, html from mail_outbox where "to" = ? order by created_at, rowid').bind(to).all<{
    subject: string;
    text: string;
    html: string | null;
  }>();
  return results;
}

export async function lastLink(to: string): Promise<URL> {
  const mails = await outbox(to);
  const last = mails.at(-1);
  const m = last?.text.match(/https?:\/\/\S+/);
  if (!m) throw new Error(`no link mailed to ${to}`);
  return new URL(m[0]);
}

/** Signs up and opens the verification link from the dev outbox (an account is usable only then). */
export async function signUpVerified(email = randomEmail(), password = "secret123") {
  const su = await post("/api/auth/signup", { email, password });
  if (su.status !== 201) throw new Error(`signup ${su.status}`);
  const token = (await lastLink(email.toLowerCase())).searchParams.get("magic");
  const verify = await post("/api/auth/magic-link/verify", { token });
  if (verify.status !== 200) throw new Error(`verify ${verify.status}`);
  return { email, password };
}

export async function signUpAndLogin(email = randomEmail(), password = "secret123") {
  await signUpVerified(email, password);
  const li = await post("/api/auth/login", { email, password });
  if (li.status !== 200) throw new Error(`login ${li.status}`);
  return { email, password, cookie: sessionCookieOf(li) };
}

export async function sessionOf(cookie: string) {
  const res = await call("/api/auth/session", { headers: { cookie } });
  return (await res.json()) as { user: { id: string; email: string } | null; auth: { provider: string; devOutbox: boolean } };
}
