// Texts of the team's mails (decision 200): invitations, @mentions and review decisions.
import type { MailMessage } from "../../adapters/mail/types";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function message(to: string, subject: string, lines: string[], link: string, linkText: string): MailMessage {
  const text = `${lines.join("\n\n")}\n\n${link}\n`;
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`;
  return { to, subject, text, html };
}

export const invitationMail = (to: string, v: { projectName: string; inviter: string; role: string; link: string; days: number }) =>
  message(
    to,
    `You're invited to ${v.projectName} on Brandpilot`,
    [
      `${v.inviter} invited you to work on ${v.projectName} as ${v.role}.`,
      `Open the link below and sign in or sign up with this email address (${to}). The link works once and expires in ${v.days} days.`,
    ],
    v.link,
    "Accept the invitation",
  );

export const mentionMail = (to: string, v: { author: string; projectName: string; excerpt: string; link: string }) =>
  message(
    to,
    `${v.author} mentioned you in ${v.projectName}`,
    [`${v.author} mentioned you in a comment on a post of ${v.projectName}:`, v.excerpt],
    v.link,
    "Open the post",
  );

export const reviewDecisionMail = (
  to: string,
  v: { visitor: string; approved: boolean; projectName: string; excerpt: string; comment: string; link: string },
) =>
  message(
    to,
    v.approved ? `${v.visitor} approved a post of ${v.projectName}` : `${v.visitor} requested changes to a post of ${v.projectName}`,
    [
      `${v.visitor} ${v.approved ? "approved" : "requested changes to"} this post through a review link:`,
      v.excerpt,
      ...(v.comment ? [`Their comment: ${v.comment}`] : []),
      "The decision is in the post's comments.",
    ],
    v.link,
    "Open the post",
  );
