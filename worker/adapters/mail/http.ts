// Production mail: a Resend-style JSON API (POST {from,to,subject,text,html}, bearer key).
// A non-2xx answer or a network failure is a MailError; callers report it, never swallow it.
import { MailError, type MailAdapter } from "./types";

export type HttpMailConfig = { url: string; apiKey: string; from: string; fetch?: typeof fetch };

const TIMEOUT_MS = 10_000;

export function httpMail(config: HttpMailConfig): MailAdapter {
  const doFetch = config.fetch ?? fetch;
  return {
    kind: "http",
    async send(message) {
      let res: Response;
      try {
        res = await doFetch(config.url, {
          method: "POST",
          headers: { authorization: `Bearer ${config.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({
            from: config.from,
            to: [message.to],
            subject: message.subject,
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new MailError(`mail API unreachable: ${String(err)}`);
      }
      if (!res.ok) throw new MailError(`mail API answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    },
  };
}
