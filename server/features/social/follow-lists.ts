// Followers and following of a reader, and the requests waiting on the caller: newest first, paged by the
// (accepted_at or created_at, reader id) cursor along follows' own indexes. Each reader listed passes the
// visibility rule's card surface for the caller, and the lists themselves its details surface.
import type { ResponseOf } from '@shared/api/endpoints';
import type { Queryable } from '../../db/db';
import { maybeOne } from '../../db/db';
import { forbidden } from '../../http/errors';
import { profileByUsername } from './readers';
import { CURSOR_TIME, readerPage, type ReaderCardRow } from './reader-pages';
import { visibleSql } from './visibility-sql';

export async function followList(
  q: Queryable,
  direction: 'followers' | 'following',
  input: { username: string; limit: number; after?: string | undefined },
  viewerId: string | null,
): Promise<ResponseOf<'reader-followers'>> {
  const owner = await profileByUsername(q, input.username);
  const allowed = await maybeOne<{ ok: boolean }>(
    q,
    `select ${visibleSql('details', { viewer: '$1::uuid', reader: '$2::uuid' })} as ok`,
    [viewerId, owner.id],
  );
  if (!allowed?.ok)
    throw forbidden('Only their followers see whom this reader follows and who follows them.');

  const [mine, theirs] =
    direction === 'followers' ? ['followee_id', 'follower_id'] : ['follower_id', 'followee_id'];
  const params: unknown[] = [owner.id, viewerId, input.limit + 1];
  let after = '';
  if (input.after) {
    const [at, id] = input.after.split('|');
    params.push(at, id);
    after = `and (f.accepted_at, f.${theirs}) < ($4::timestamptz, $5::uuid)`;
  }
  const rows = await q.query<ReaderCardRow>(
    `select p.id, p.username, p.first_name, p.last_name, p.avatar_url,
            ${CURSOR_TIME('f.accepted_at')} || '|' || p.id as cursor
     from public.follows f join public.profiles p on p.id = f.${theirs}
     where f.${mine} = $1 and f.state = 'accepted' ${after}
       and ${visibleSql('card', { viewer: '$2::uuid', reader: 'p.id' })}
     order by f.accepted_at desc, f.${theirs} desc
     limit $3`,
    params,
  );
  return readerPage(rows, input.limit);
}

export async function followRequests(
  q: Queryable,
  viewerId: string,
  input: { limit: number; after?: string | undefined },
): Promise<ResponseOf<'follow-requests'>> {
  const params: unknown[] = [viewerId, input.limit + 1];
  let after = '';
  if (input.after) {
    const [at, id] = input.after.split('|');
    params.push(at, id);
    after = 'and (f.created_at, f.follower_id) < ($3::timestamptz, $4::uuid)';
  }
  const rows = await q.query<ReaderCardRow & { requested_at: string }>(
    `select p.id, p.username, p.first_name, p.last_name, p.avatar_url, f.created_at as requested_at,
            ${CURSOR_TIME('f.created_at')} || '|' || p.id as cursor
     from public.follows f join public.profiles p on p.id = f.follower_id
     where f.followee_id = $1 and f.state = 'requested' ${after}
       and ${visibleSql('card', { viewer: '$1::uuid', reader: 'p.id' })}
     order by f.created_at desc, f.follower_id desc
     limit $2`,
    params,
  );
  const shown = rows.slice(0, input.limit);
  const last = shown[shown.length - 1];
  return {
    requests: shown.map(({ cursor: _c, requested_at, ...reader }) => ({
      reader,
      requested_at: new Date(requested_at).toISOString(),
    })),
    next_cursor: rows.length > input.limit && last ? last.cursor : null,
  };
}
