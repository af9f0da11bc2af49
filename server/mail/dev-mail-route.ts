// GET /dev/mail?to=<address>: the local mailbox as JSON, newest first. Mounted only when config.mailbox is
// on (never in production unless MAIL_MAILBOX=1), because the mails carry live sign-in links.
import { Hono } from 'hono';
import type { Db } from '../db/db';
import { readMailbox } from './mailbox';

const MAX_ADDRESS_LENGTH = 320;

export function devMailRouter(db: Db): Hono {
  const router = new Hono();
  router.get('/mail', async (c) => {
    const to = c.req.query('to')?.trim() ?? '';
    if (!to || to.length > MAX_ADDRESS_LENGTH) {
      return c.json({ error: 'Give the address to read as ?to=<address>.', code: 'invalid_input' }, 400);
    }
    c.header('cache-control', 'no-store');
    return c.json(await readMailbox(db, to));
  });
  return router;
}
