// The readers a reader blocked or muted, most recent first, for Settings (issue 27), paged by the
// (created_at, reader id) cursor along each table's primary key order per reader. Listed to their own
// blocker or muter only, so the visibility rule (which hides a blocked reader from everyone else's surfaces)
// is not asked: these lists exist to undo exactly what it hides.
import type { ResponseOf } from '@shared/api/endpoints';
import type { Queryable } from '../../db/db';
import { CURSOR_TIME, readerPage, type ReaderCardRow } from './reader-pages';

const TABLES = {
  blocked: { table: 'public.blocks', mine: 'blocker_id', theirs: 'blocked_id' },
  muted: { table: 'public.mutes', mine: 'muter_id', theirs: 'muted_id' },
} as const;

export async function blockList(
  q: Queryable,
  which: keyof typeof TABLES,
  viewerId: string,
  input: { limit: number; after?: string | undefined },
): Promise<ResponseOf<'blocked-readers'>> {
  const { table, mine, theirs } = TABLES[which];
  const params: unknown[] = [viewerId, input.limit + 1];
  let after = '';
  if (input.after) {
    const [at, id] = input.after.split('|');
    params.push(at, id);
    after = `and (b.created_at, b.${theirs}) < ($3::timestamptz, $4::uuid)`;
  }
  const rows = await q.query<ReaderCardRow>(
    `select p.id, p.username, p.first_name, p.last_name, p.avatar_url,
            ${CURSOR_TIME('b.created_at')} || '|' || p.id as cursor
     from ${table} b join public.profiles p on p.id = b.${theirs}
     where b.${mine} = $1 ${after}
     order by b.created_at desc, b.${theirs} desc
     limit $2`,
    params,
  );
  return readerPage(rows, input.limit);
}
