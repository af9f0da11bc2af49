// register-oauth-user: the profile of a user who first signed in with Google. Names come from the client
// (SPEC.md §7) or, failing that, from the Google profile: first and last word of the full name
// (shared/oauth-profile.ts). The username is derived from the e-mail address (or the name) and made unique
// with a suffix.
import { randomInt } from 'node:crypto';
import { USERNAME_PATTERN } from '@shared/api/accounts';
import type { ParsedRequestOf, ResponseOf } from '@shared/api/endpoints';
import { metadataText, oauthFullName, oauthPictureUrl, splitFullName } from '@shared/oauth-profile';
import { findUserById } from '../../auth/users';
import type { Queryable } from '../../db/db';
import { forbidden, unauthorized } from '../../http/errors';
import type { UserContext } from '../../http/handler-context';
import { isAdminEmail } from '../profiles/admin-flag';

const BASE_MAX = 24; // leaves room for a suffix within the 30-character limit
const FALLBACK_BASE = 'reader';
const SUFFIXED_TRIES = 5;

const clean = (s: string) =>
  s
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, BASE_MAX);

/** Usernames to try in order: the plain base first, then the base with random digits. */
export function usernameCandidates(
  email: string | null,
  first: string | null,
  last: string | null,
): string[] {
  const fromEmail = clean(email?.split('@')[0] ?? '');
  const fromName = clean([first, last].filter(Boolean).join('.').normalize('NFKD'));
  const base = [fromEmail, fromName].find((b) => b.length >= 3) ?? FALLBACK_BASE;
  const suffixed = Array.from({ length: SUFFIXED_TRIES }, () => `${base}${randomInt(1000, 10_000)}`);
  return [base, ...suffixed, `${FALLBACK_BASE}${randomInt(10_000_000, 100_000_000)}`].filter((u) =>
    USERNAME_PATTERN.test(u),
  );
}

async function existingUsername(q: Queryable, userId: string): Promise<string | null> {
  const [row] = await q.query<{ username: string }>('select username from public.profiles where id = $1', [
    userId,
  ]);
  return row?.username ?? null;
}

export async function registerOAuthUser(
  input: ParsedRequestOf<'register-oauth-user'>,
  { deps, user }: UserContext,
): Promise<ResponseOf<'register-oauth-user'>> {
  if (input.user_id && input.user_id !== user.userId)
    throw forbidden('You can only create your own profile.');
  const { db } = deps;
  const existing = await existingUsername(db, user.userId);
  if (existing) return { ok: true, created: false, username: existing };

  const account = await findUserById(db, user.userId);
  if (!account) throw unauthorized('Your session has ended. Please sign in again.');
  const meta = account.raw_user_meta_data;
  const split = splitFullName(oauthFullName(meta));
  const first = (input.first_name ?? metadataText(meta.given_name) ?? split.first)?.slice(0, 100) ?? null;
  const last = (input.last_name ?? metadataText(meta.family_name) ?? split.last)?.slice(0, 100) ?? null;
  const avatar = input.avatar_url ?? oauthPictureUrl(meta);

  for (const candidate of usernameCandidates(account.email, first, last)) {
    // Nothing is inserted when the name is taken or when a concurrent call already made the profile.
    const [row] = await db.query<{ username: string }>(
      `insert into public.profiles (id, username, first_name, last_name, avatar_url, is_admin)
       values ($1, $2, $3, $4, $5, $6)
       on conflict do nothing returning username`,
      [user.userId, candidate, first, last, avatar, isAdminEmail(deps.config, account.email)],
    );
    if (row) return { ok: true, created: true, username: row.username };
    const raced = await existingUsername(db, user.userId);
    if (raced) return { ok: true, created: false, username: raced };
  }
  throw new Error('no free username found');
}
