import type { Env } from "../../env";
import type { Db } from "../../lib/db";
import { httpMail } from "./http";
import { outboxMail } from "./outbox";
import type { MailAdapter } from "./types";

export function mailConfigured(env: Env): boolean {
  return Boolean(env.MAIL_API_URL && env.MAIL_API_KEY);
}

/** The HTTP mail API when configured, otherwise the D1 dev outbox. */
export function mailAdapter(env: Env, db: Db): MailAdapter {
  if (env.MAIL_API_URL && env.MAIL_API_KEY) {
    return httpMail({ url: env.MAIL_API_URL, apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM ?? "Brandpilot <no-reply@brandpilot.app>" });
  }
  return outboxMail(db);
}
