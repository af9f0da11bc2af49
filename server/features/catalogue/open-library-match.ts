import type { Queryable } from '../../db/db';

/**
 * Open Library knows the book a reader's unverified work was made for (found by its ISBN, or picked from
 * Open Library's results and matched by ISBN or title and author): the work takes Open Library's key and
 * title and is thereby verified (migration 0115's trigger). Left as it is when it is verified already or
 * another work holds that key: an admin merges the two.
 */
export async function matchToOpenLibrary(
  tx: Queryable,
  workId: string,
  olKey: string,
  title: string,
): Promise<void> {
  await tx.query(
    `update public.works set ol_key = $2, title = $3, updated_at = now()
     where id = $1 and ol_key is null and not verified
       and not exists (select 1 from public.works o where o.ol_key = $2)`,
    [workId, olKey, title],
  );
}
