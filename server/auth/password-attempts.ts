// Checking a password someone typed, under the sign-in limits (ARCHITECTURE.md "Auth"): signing in, and the
// current password that proves presence before a sensitive change. Every attempt is counted before the
// password is verified, in one atomic step per counter, so parallel guesses cannot get more verdicts than
// the limit; a right password gives its attempt back. An untrusted client meets a strict limit per account
// and client address, and a looser ceiling per account (with growing delays once more than one address's
// worth of failures came in) against guessing from many addresses. Strangers guessing from enough addresses
// would fill that ceiling for the owner too, so a device that signed in to the account before (its device
// cookie, device-cookies.ts) is judged against a small budget of its own instead, and counts as anyone only
// once that is spent (OWASP's device cookies).
import { isIPv6 } from 'node:net';
import type { AppDeps } from '../deps';
import { SIGN_IN_DELAY_FIRST_MS, SIGN_IN_DELAY_MAX_MS } from './limits';
import type { RateLimits } from './limits';
import { passwordMatches } from './passwords';

export type PasswordVerdict = 'match' | 'mismatch' | 'limited';

/**
 * The part of a client address that identifies one client: an IPv6 client can use any address of its /64,
 * so that network is one client; IPv4 (also written as IPv4-mapped IPv6) is the address itself.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** How long an attempt waits once the account's failures from every address pass the strict limit. */
export function signInDelayMs(accountFailures: number, limits: RateLimits): number {
  const beyond = accountFailures - limits.token_failures.max;
  if (beyond <= 0) return 0;
  return Math.min(SIGN_IN_DELAY_FIRST_MS * 2 ** Math.min(beyond - 1, 20), SIGN_IN_DELAY_MAX_MS);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Verifies `password` against `storedHash` (null: unknown account or no password, checked against a dummy
 * hash in the same time) for the account known by `address`, from client `ip`.
 */
export async function checkPassword(
  deps: Pick<AppDeps, 'rateLimiter' | 'config'>,
  input: {
    address: string;
    ip: string;
    storedHash: string | null;
    password: string;
    /** The hash of a device token that vouches for this account (device-cookies.ts), if one came. */
    trustedDevice?: string | null;
  },
): Promise<PasswordVerdict> {
  const { rateLimiter, config } = deps;
  if (input.trustedDevice) {
    const device = await rateLimiter.count('token_device_failures', input.trustedDevice);
    // Within its budget the device is judged alone: the account's ceiling, which strangers may have filled,
    // is not asked, and none of its failures land there. Past it the cookie is worth nothing (not given
    // back, so it stays spent for the window) and the attempt goes on below as anyone's.
    if (device.allowed) {
      if (!(await passwordMatches(input.storedHash, input.password))) return 'mismatch';
      await device.giveBack();
      return 'match';
    }
  }
  const address = input.address.trim().toLowerCase();
  const strict = await rateLimiter.count('token_failures', `${address} ${clientKey(input.ip)}`);
  if (!strict.allowed) return 'limited';
  const account = await rateLimiter.count('token_account_failures', address);
  if (!account.allowed) {
    // Not judged, so not this address's failure: its own budget stays for when the ceiling lifts.
    await strict.giveBack();
    return 'limited';
  }
  const delay = signInDelayMs(account.hits, config.rateLimits);
  if (delay > 0) await sleep(delay);
  if (!(await passwordMatches(input.storedHash, input.password))) return 'mismatch';
  await Promise.all([strict.giveBack(), account.giveBack()]);
  return 'match';
}
