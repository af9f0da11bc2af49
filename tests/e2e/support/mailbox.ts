// The server's local mailbox (GET /dev/mail?to=, newest first), read the way a person reads their inbox:
// wait for the next mail to arrive, then follow its link.
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { MailboxEntry } from '../../../shared/mailbox-entry';

export type Mail = MailboxEntry;

export async function readMailbox(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`/dev/mail?to=${encodeURIComponent(to)}`);
  expect(response.ok(), `GET /dev/mail answered ${response.status()}`).toBe(true);
  return (await response.json()) as Mail[];
}

/** Waits for a mail to `to` newer than the `seen` count and answers it. */
export async function nextMail(request: APIRequestContext, to: string, seen: number): Promise<Mail> {
  let mails: Mail[] = [];
  await expect
    .poll(
      async () => {
        mails = await readMailbox(request, to);
        return mails.length;
      },
      { message: `a new mail to ${to}`, timeout: 15_000 },
    )
    .toBeGreaterThan(seen);
  return mails[0] as Mail;
}

/** The one link of an auth mail, checked to point at the page it should. */
export function mailLink(
  mail: Mail,
  page: '/confirm-signup' | '/confirm-reset' | '/change-email' | '/confirm-sign-in',
): string {
  const link = mail.links[0];
  expect(link, `a link in "${mail.subject}"`).toBeTruthy();
  const url = new URL(link as string);
  expect(url.pathname).toBe(page);
  expect(url.searchParams.get('confirmation_url')).toMatch(/\/auth\/v1\/verify\?/);
  return link as string;
}
