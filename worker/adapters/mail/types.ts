export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends transactional mail (magic links, reset links). */
export interface MailAdapter {
  readonly kind: "outbox" | "http";
  send(message: MailMessage): Promise<void>;
}

export class MailError extends Error {}
