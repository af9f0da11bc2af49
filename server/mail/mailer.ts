// Outgoing mail. With SMTP_URL set, nodemailer sends it; otherwise it is kept in auth.mail (the local
// mailbox at /dev/mail) and printed to the console, so sign-up works on a fresh clone with no mail server.
// Mails are queued in the outbox (outbox.ts) and sent from there by the job worker.
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Queryable } from '../db/db';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the mail carries, kept beside it so tests and the mailbox can follow them. */
  links: string[];
}

export interface Mailer {
  readonly kind: 'smtp' | 'mailbox';
  /**
   * Sends one mail now; only the outbox's worker calls it (outbox.ts queues mails). The mailbox stores the
   * mail through `q`; a failed SMTP send throws MailDeliveryError, and the outbox tries again later.
   */
  send(q: Queryable, mail: OutgoingMail): Promise<void>;
}

/** The mail server could not be reached or refused the mail. */
export class MailDeliveryError extends Error {
  constructor(override readonly cause: unknown) {
    super(`mail delivery failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** How long an SMTP server may take to answer before a send fails (and is retried later). */
export const SMTP_TIMEOUT_MS = 10_000;

/** nodemailer reads connection options from the URL's query; timeouts the operator did not set are added. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const option of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(option)) url.searchParams.set(option, String(SMTP_TIMEOUT_MS));
  }
  return url.toString();
}

export interface MailerOptions {
  /** Where the mailbox prints mails; tests pass a no-op. */
  log?: (text: string) => void;
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  options: MailerOptions = {},
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(withTimeouts(config.smtpUrl));
    return {
      kind: 'smtp',
      async send(_q, mail) {
        const message = {
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        };
        await transport.sendMail(message).catch((err: unknown) => {
          throw new MailDeliveryError(err);
        });
      },
    };
  }
  const log = options.log ?? ((text: string) => console.log(text));
  return {
    kind: 'mailbox',
    async send(q, mail) {
      await q.query(
        `insert into auth.mail (to_address, subject, text_body, html_body, links) values ($1, $2, $3, $4, $5::jsonb)`,
        [mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.links)],
      );
      log(`--- mail to ${mail.to}: ${mail.subject}\n${mail.text}\n---`);
    },
  };
}
