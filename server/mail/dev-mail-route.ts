// GET /dev/mail?to=<address>: the local mailbox as JSON, newest first. Mounted only when config.mailbox is
// on (never in production unless MAIL_MAILBOX=1), and answered only to a client on this machine, because
// the mails carry live sign-in links: whoever reads someone's reset mail can take their account.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Db } from '../db/db';
import { readMailbox } from './mailbox';

const MAX_ADDRESS_LENGTH = 320;
/** Headers a proxy adds: a request carrying one came from elsewhere, even when the proxy is on this machine. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how a dual-stack socket reports 127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Whether the request came over a socket from this machine, and not through a proxy. Only the socket's
 * address counts: Host, Origin and X-Forwarded-For are the client's to write (TRUST_PROXY changes nothing
 * here), and in-process requests, which have no socket, are refused too.
 */
function fromThisMachine(c: Context): boolean {
  if (FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  try {
    return isLoopbackAddress(getConnInfo(c).remote.address);
  } catch {
    return false;
  }
}

export function devMailRouter(db: Db): Hono {
  const router = new Hono();
  router.get('/mail', async (c) => {
    c.header('cache-control', 'no-store');
    if (!fromThisMachine(c)) {
      return c.json(
        { error: 'The local mailbox answers only on the machine the server runs on.', code: 'forbidden' },
        403,
      );
    }
    const to = c.req.query('to')?.trim() ?? '';
    if (!to || to.length > MAX_ADDRESS_LENGTH) {
      return c.json({ error: 'Give the address to read as ?to=<address>.', code: 'invalid_input' }, 400);
    }
    return c.json(await readMailbox(db, to));
  });
  return router;
}
