// The auth mails: plain words, one link, what it does and when it stops working. The sign-in link's mail
// also carries its six-digit code, for the desktop app and for readers who read mail on another device.
import type { OutgoingMail } from './mailer';

export type AuthMailKind = 'signup' | 'recovery' | 'email_change' | 'magiclink';

interface MailText {
  subject: string;
  intro: string;
  action: string;
  ignore: string;
}

const TEXTS: Record<AuthMailKind, MailText> = {
  signup: {
    subject: 'Confirm your Shelfwise account',
    intro:
      'Thanks for signing up for Shelfwise. Please confirm your e-mail address to activate your account.',
    action: 'Confirm Email',
    ignore: 'If you did not create a Shelfwise account, you can ignore this e-mail.',
  },
  recovery: {
    subject: 'Reset your Shelfwise password',
    intro:
      'Someone asked to reset the password of your Shelfwise account. Open the link to choose a new one.',
    action: 'Reset Password',
    ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  },
  email_change: {
    subject: 'Confirm your new Shelfwise e-mail address',
    intro: 'Please confirm that you want to use this e-mail address for your Shelfwise account.',
    action: 'Confirm Email',
    ignore: 'If you did not ask for this change, you can ignore this e-mail: nothing will change.',
  },
  magiclink: {
    subject: 'Your Shelfwise sign-in link',
    intro: 'Someone asked to sign in to your Shelfwise account with this e-mail address.',
    action: 'Sign In',
    ignore: 'If you did not ask for this, you can ignore this e-mail: nobody can sign in without it.',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function authMail(
  kind: AuthMailKind,
  to: string,
  link: string,
  expiresInMinutes: number,
  /** A code that does what the link does, typed into the app instead (sign-in links). */
  code?: string,
): OutgoingMail {
  const t = TEXTS[kind];
  const codeLine = code ? `Or enter this code in Shelfwise: ${code}` : null;
  const expiry = code
    ? `The link and the code work once and expire in ${expiresInMinutes} minutes.`
    : `The link works once and expires in ${expiresInMinutes} minutes.`;
  const text = `Hello,\n\n${t.intro}\n\n${t.action}: ${link}\n${codeLine ? `\n${codeLine}\n` : ''}\n${expiry}\n${t.ignore}\n\nShelfwise\n`;
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    '<p>Hello,</p>',
    `<p>${escapeHtml(t.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`,
    ...(code
      ? [
          `<p>Or enter this code in Shelfwise: <strong style="font-size: 1.25em">${escapeHtml(code)}</strong></p>`,
        ]
      : []),
    `<p>${escapeHtml(expiry)}<br>${escapeHtml(t.ignore)}</p>`,
    '<p>Shelfwise</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject: t.subject, text, html, links: [link] };
}
