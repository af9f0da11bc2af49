// Writes both importers share (a book by ISBN, a work picked from Open Library's results).
import type { Queryable } from '../../db/db';

export async function addGenres(tx: Queryable, workId: string, genres: string[]): Promise<void> {
  if (genres.length === 0) return;
  await tx.query('insert into public.genres (name) select unnest($1::text[]) on conflict (name) do nothing', [
    genres,
  ]);
  await tx.query(
    `insert into public.work_genres (work_id, genre_id)
     select $1, g.id from public.genres g where g.name = any($2::text[]) on conflict do nothing`,
    [workId, genres],
  );
}
