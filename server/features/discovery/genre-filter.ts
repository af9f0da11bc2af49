import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';

/** A filter naming a genre that does not exist is a mistake to tell, not an empty page. */
export async function assertGenreExists(q: Queryable, genreId: number | null | undefined): Promise<void> {
  if (genreId === null || genreId === undefined) return;
  const rows = await q.query('select 1 from public.genres where id = $1', [genreId]);
  if (rows.length === 0) throw notFound('Genre not found');
}
