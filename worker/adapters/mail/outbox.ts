// Embedded default: mail is stored in D1 (mail_outbox) and readable at /dev/outbox when running
// locally, so magic links and reset links work with no mail account.
import { mailOutbox } from "../../../schema/db/auth";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import type { MailAdapter } from "./types";

export function outboxMail(db: Db): MailAdapter {
  return {
    kind: "outbox",
    async send(message) {
      await db.insert(mailOutbox).values({ id: newId(), ...message, html: message.html ?? null, createdAt: Date.now() });
    },
  };
}
