// The full profile of a reader who approves followers, for themselves and their followers only: the
// public-profile answer everyone shares (and the cache keeps) is their header alone.
import type { ResponseOf } from '@shared/api/endpoints';
import type { Queryable } from '../../db/db';
import { maybeOne } from '../../db/db';
import { notFound } from '../../http/errors';
import { publicProfile } from '../profiles/public-profile';
import { profileByUsername } from './readers';
import { visibleSql } from './visibility-sql';

export async function followerProfile(
  q: Queryable,
  viewerId: string,
  username: string,
  coversBase: string,
): Promise<ResponseOf<'follower-profile'>> {
  const owner = await profileByUsername(q, username);
  const allowed = await maybeOne<{ ok: boolean }>(
    q,
    `select ${visibleSql('details', { viewer: '$1::uuid', reader: '$2::uuid' })} as ok`,
    [viewerId, owner.id],
  );
  if (!allowed?.ok) throw notFound('Profile not found');
  return publicProfile(q, username, coversBase, true);
}
