// Merging two authors that are one person: the source's work and edition credits move to the target and
// the source is deleted, in one transaction with both author rows locked (in id order).
//
// Rules: credits are a union. Where only the source was credited, the target takes the source's place
// (same position); where both were, the one credit left keeps the earlier of the two positions. The
// works' author_names (search text) follow through the work_authors triggers of migration 0003. The target
// keeps its own name and takes the source's Open Library key only if it has none.
import type { Db, Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import { recordAudit } from './audit';

interface AuthorFootprint {
  id: string;
  name: string;
  ol_key: string | null;
  work_authors: number;
  edition_authors: number;
}

async function footprints(tx: Queryable, first: string, second = first): Promise<AuthorFootprint[]> {
  return tx.query<AuthorFootprint>(
    `select a.id, a.name, a.ol_key,
            (select count(*) from public.work_authors x where x.author_id = a.id) as work_authors,
            (select count(*) from public.edition_authors x where x.author_id = a.id) as edition_authors
     from public.authors a where a.id in ($1, $2)`,
    [first, second],
  );
}

const creditMove = (table: 'work_authors' | 'edition_authors', key: 'work_id' | 'edition_id') => `
  insert into public.${table} (${key}, author_id, position)
  select ${key}, $2, position from public.${table} where author_id = $1
  on conflict (${key}, author_id) do update set position = least(${table}.position, excluded.position)`;

export async function mergeAuthor(db: Db, actorId: string, fromId: string, intoId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select id from public.authors where id in ($1, $2) order by id for update', [
      fromId,
      intoId,
    ]);
    const before = await footprints(tx, fromId, intoId);
    const from = before.find((a) => a.id === fromId);
    const into = before.find((a) => a.id === intoId);
    if (!from) throw notFound('Author not found');
    if (!into) throw notFound('Target author not found');

    const params = [fromId, intoId];
    await tx.query(creditMove('work_authors', 'work_id'), params);
    await tx.query('delete from public.work_authors where author_id = $1', [fromId]);
    await tx.query(creditMove('edition_authors', 'edition_id'), params);
    await tx.query('delete from public.edition_authors where author_id = $1', [fromId]);
    await tx.query('delete from public.authors where id = $1', [fromId]);
    await tx.query(
      'update public.authors set ol_key = coalesce(ol_key, $2), updated_at = now() where id = $1',
      [intoId, from.ol_key],
    );

    const [after] = await footprints(tx, intoId);
    await recordAudit(tx, {
      actorId,
      action: 'merge-author',
      targetId: intoId,
      before: { from, into },
      after,
    });
  });
}
