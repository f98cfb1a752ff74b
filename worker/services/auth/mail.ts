// Texts of the mails the built-in auth sends. Links point at the SPA, which finishes each flow.
import type { MailMessage } from "../../adapters/mail/types";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function message(to: string, subject: string, lines: string[], link: string, linkText: string): MailMessage {
  const text = `${lines.join("\n\n")}\n\n${link}\n`;
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`;
  return { to, subject, text, html };
}

export const magicLinkMail = (to: string, link: string) =>
  message(
    to,
    "Your Brandpilot sign-in link",
    ["Click the link below to sign in to Brandpilot.", "The link works once and expires in 15 minutes."],
    link,
    "Sign in to Brandpilot",
  );

export const verifyMail = (to: string, link: string) =>
  message(
    to,
    "Verify your Brandpilot email",
    [
      "Welcome to Brandpilot! Click the link below to verify your email and sign in.",
      "The link works once and expires in 24 hours. If you did not sign up, ignore this mail: the account cannot be used until this link is opened.",
    ],
    link,
    "Verify my email",
  );

export const existingAccountMail = (to: string, link: string) =>
  message(
    to,
    "You already have a Brandpilot account",
    [
      "Someone (hopefully you) tried to create a Brandpilot account with this email, but one already exists.",
      "Sign in, or reset your password if you forgot it:",
    ],
    link,
    "Reset my password",
  );

export const resetMail = (to: string, link: string) =>
  message(
    to,
    "Reset your Brandpilot password",
    ["Click the link below to choose a new password.", "The link works once and expires in 30 minutes. If you did not ask for it, ignore this mail."],
    link,
    "Choose a new password",
  );

export const noAccountMail = (to: string, link: string) =>
  message(
    to,
    "Your Brandpilot request",
    ["Someone (hopefully you) asked Brandpilot for a link for this email, but there is no account with it.", "If you want one, sign up here:"],
    link,
    "Create an account",
  );
