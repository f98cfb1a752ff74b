// The reconnect reminder (decision 196): sent once, 7 days before a token we cannot renew expires.
import type { MailMessage } from "../../adapters/mail/types";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const day = (ms: number) => new Date(ms).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export function reconnectReminderMail(to: string, input: { network: string; account: string; project: string; expiresAt: number; link: string }): MailMessage {
  const subject = `Reconnect your ${input.network} account before ${day(input.expiresAt)}`;
  const lines = [
    `${input.network} lets Brandpilot publish for ${input.account} (project ${input.project}) until ${day(input.expiresAt)}, and does not let us renew that access.`,
    "Reconnect the account before then so scheduled posts keep publishing.",
  ];
  const text = `${lines.join("\n\n")}\n\n${input.link}\n`;
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(input.link)}">Reconnect ${escapeHtml(input.network)}</a></p>`;
  return { to, subject, text, html };
}
