// The local mailbox: mails kept in auth.mail when no SMTP server is configured, read back newest first.
import type { MailboxEntry } from '@shared/mailbox-entry';
import type { Queryable } from '../db/db';

export const MAILBOX_PAGE = 50;

export function readMailbox(q: Queryable, to: string): Promise<MailboxEntry[]> {
  return q.query<MailboxEntry>(
    `select to_address as "to", subject, text_body as text, html_body as html, links, created_at
       from auth.mail where lower(to_address) = lower($1)
      order by created_at desc, id desc limit $2`,
    [to.trim(), MAILBOX_PAGE],
  );
}
