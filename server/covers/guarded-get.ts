// One GET to a covers host, whose connection may only reach a public address. The check is made in the
// lookup the connection itself uses, on every address it may connect to, so a name that resolves to a
// public address for one look-up and to 127.0.0.1 for the next (DNS rebinding) cannot slip through: there is
// no earlier, separate look-up to fool. Redirects are never followed here; that is the caller's decision.
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress } from './public-address';

export interface GuardedGetOptions {
  headers: Record<string, string>;
  signal: AbortSignal;
  /**
   * The operator's own choice of a local covers host (an IP literal or localhost in COVERS_URL): its
   * addresses are not held to the public-address rule.
   */
  trustedHost?: string;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A dns.lookup that answers only when every address the name resolves to is public. */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(notPublic(hostname, refused.address), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

function notPublic(hostname: string, address: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${hostname} resolves to ${address}, which is not a public address`), {
    code: 'ENOTPUBLIC',
  });
}

/** The host of a URL as connections see it: IPv6 literals without their brackets. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Sends the GET and answers the response (status, headers, unread body); never follows a redirect. */
export function guardedGet(url: URL, options: GuardedGetOptions): Promise<IncomingMessage> {
  const host = bareHost(url);
  const trusted = options.trustedHost !== undefined && host === options.trustedHost;
  // A literal address is connected to without a look-up, so it is judged here.
  if (!trusted && isIP(host) !== 0 && !isPublicAddress(host)) {
    return Promise.reject(notPublic(host, host));
  }
  const request = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : null;
  if (!request) return Promise.reject(new Error(`${url.protocol} is not a covers protocol`));
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      headers: options.headers,
      signal: options.signal,
      // One connection per request, made by our lookup: no pooled socket from elsewhere is reused.
      agent: false,
      ...(trusted ? {} : { lookup: publicOnlyLookup }),
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}
