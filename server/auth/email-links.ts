// The links in auth mails. The mail points at a page of ours (`/confirm-signup`, `/confirm-reset`,
// `/change-email`, `/confirm-sign-in`) that carries the real verify URL as `confirmation_url`, so a mail
// scanner that follows links lands on a page, not on /verify, and cannot spend the token. The page is on
// the web origin the request came from when that origin is exactly one we are configured with (PUBLIC_URL,
// SITE_URL), on the public URL otherwise, and in the desktop app (`shelfwise://`) when the flow will finish
// there. No request
// header can make a link point anywhere else. The mail itself leaves through the outbox (mail/outbox.ts).
import { toAppUrl, toWebUrl } from '@shared/deep-links';
import type { PageRoute } from '@shared/deep-links';
import type { Config } from '../config';
import type { Queryable } from '../db/db';
import type { JobQueue } from '../jobs/job-runner';
import { enqueueMail } from '../mail/outbox';
import { authMail } from '../mail/templates';
import type { AuthMailKind } from '../mail/templates';
import { emailCodeDigest, newEmailCode } from './email-code';
import { createFlow } from './flow-state';
import type { Keys } from './keys';
import { ONE_TIME_TOKEN_TTL_SECONDS } from './limits';
import { createOneTimeToken } from './one-time-tokens';
import type { OneTimeTokenType } from './one-time-tokens';
import { allowedWebOrigin, isDesktopRedirect } from './redirect-allow-list';
import type { AuthMethod } from './sessions';

const PAGES: Record<AuthMailKind, PageRoute> = {
  signup: 'confirm-signup',
  recovery: 'confirm-reset',
  email_change: 'change-email',
  magiclink: 'confirm-sign-in',
};
const TOKEN_TYPES: Record<AuthMailKind, OneTimeTokenType> = {
  signup: 'confirmation',
  recovery: 'recovery',
  email_change: 'email_change',
  magiclink: 'magiclink',
};
const FLOW_METHODS: Record<AuthMailKind, AuthMethod> = {
  signup: 'email/signup',
  recovery: 'recovery',
  email_change: 'email_change',
  magiclink: 'otp',
};
/** The user JSON's record of the last mail of each kind; GoTrue's has none for sign-in links. */
const SENT_AT_COLUMNS: Partial<Record<AuthMailKind, string>> = {
  signup: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
};
/** Mails that carry a code beside the link, doing the same when typed into the app. */
const WITH_CODE: ReadonlySet<AuthMailKind> = new Set(['magiclink']);

export function verifyUrl(publicUrl: string, token: string, kind: AuthMailKind, redirectTo: string): string {
  const params = new URLSearchParams({ token, type: kind, redirect_to: redirectTo });
  return `${publicUrl}/auth/v1/verify?${params}`;
}

/** The page the mail links to: on the web origin of the request when it is one of ours, else PUBLIC_URL's. */
export function mailLink(
  kind: AuthMailKind,
  verify: string,
  where: { origin: string | null; redirectTo: string },
  config: Pick<Config, 'publicUrl' | 'siteUrls'>,
): string {
  const params = { confirmation_url: verify };
  if (isDesktopRedirect(where.redirectTo)) return toAppUrl(PAGES[kind], params);
  return toWebUrl(PAGES[kind], params, allowedWebOrigin(where.origin, config) ?? config.publicUrl);
}

export interface AuthLinkRequest {
  kind: AuthMailKind;
  userId: string;
  /** Where the mail goes: the account's address, or the new one for an e-mail change. */
  to: string;
  /** An allowed redirect (checked by the caller) where /verify sends the browser. */
  redirectTo: string;
  /** The web origin of the request, for the page the mail links to. */
  origin: string | null;
  /** The client's S256 challenge when it runs the PKCE flow: /verify then answers with ?code=. */
  codeChallenge: string | null;
}

/**
 * Makes the link token (and the PKCE flow when asked for), notes when the mail was sent, and queues the mail
 * in the outbox, all in the caller's transaction: the mail leaves once that commits, and is retried while
 * the mail server is down rather than undoing the change.
 */
export async function sendAuthLink(
  q: Queryable,
  services: { config: Config; jobs: JobQueue; keys: Pick<Keys, 'mfaSecrets'> },
  req: AuthLinkRequest,
): Promise<void> {
  const { config, jobs } = services;
  const code = WITH_CODE.has(req.kind) ? newEmailCode() : undefined;
  const flowStateId = req.codeChallenge
    ? await createFlow(q, {
        codeChallenge: req.codeChallenge,
        providerType: 'email',
        method: FLOW_METHODS[req.kind],
        redirectTo: req.redirectTo,
        userId: req.userId,
      })
    : null;
  const token = await createOneTimeToken(q, {
    userId: req.userId,
    type: TOKEN_TYPES[req.kind],
    relatesTo: req.to,
    redirectTo: req.redirectTo,
    flowStateId,
    ...(code ? { codeDigest: emailCodeDigest(services.keys, req.userId, code) } : {}),
  });
  const sentAt = SENT_AT_COLUMNS[req.kind];
  if (sentAt) await q.query(`update auth.users set ${sentAt} = now() where id = $1`, [req.userId]);
  const link = mailLink(req.kind, verifyUrl(config.publicUrl, token, req.kind, req.redirectTo), req, config);
  await enqueueMail(q, jobs, authMail(req.kind, req.to, link, ONE_TIME_TOKEN_TTL_SECONDS / 60, code));
}
