// Looking up the other reader a social call names, through the visibility rule's card surface: an unknown
// or unconfirmed account is not found, and a block between the two is refused.
import type { Queryable } from '../../db/db';
import { maybeOne } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';
import { isPublicAccount } from '../profiles/public-account';
import { visibleSql } from './visibility-sql';

export const READER_NOT_FOUND = 'Reader not found';
export const BLOCKED_MESSAGE = 'You cannot follow this reader.';

export interface OtherReader {
  id: string;
  follow_policy: 'anyone' | 'approve';
}

/** The reader `userId` names, for `viewerId`; 404 when unknown or unconfirmed, 400 for oneself. */
export async function otherReader(q: Queryable, viewerId: string, userId: string) {
  if (userId === viewerId) throw badRequest('That is you.');
  const row = await maybeOne<OtherReader & { visible: boolean }>(
    q,
    `select p.id, p.follow_policy, ${visibleSql('card', { viewer: '$2::uuid', reader: 'p.id' })} as visible
     from public.profiles p where p.id = $1 and ${isPublicAccount('p.id')}`,
    [userId, viewerId],
  );
  if (!row) throw notFound(READER_NOT_FOUND);
  return { reader: { id: row.id, follow_policy: row.follow_policy }, blocked: !row.visible };
}

/** The profile a username names, when its account is public; 404 'Profile not found' else. */
export async function profileByUsername(q: Queryable, username: string) {
  const row = await maybeOne<OtherReader>(
    q,
    `select p.id, p.follow_policy from public.profiles p
     where lower(p.username) = lower($1) and ${isPublicAccount('p.id')}`,
    [username],
  );
  if (!row) throw notFound('Profile not found');
  return row;
}
