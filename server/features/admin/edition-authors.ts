// Replaces an edition's authors with the given list, in that order (position 0, 1, ...).
import type { Db } from '../../db/db';
import { maybeOne } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';
import { recordAudit } from './audit';

interface EditionAuthor {
  id: string;
  name: string;
}

const currentAuthors = `
  coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name) order by ea.position, a.name)
            from public.edition_authors ea join public.authors a on a.id = ea.author_id
            where ea.edition_id = e.id), '[]'::json)`;

export async function setEditionAuthors(
  db: Db,
  actorId: string,
  input: { edition_id: string; author_ids: string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const edition = await maybeOne<{ authors: EditionAuthor[] }>(
      tx,
      `select ${currentAuthors} as authors from public.editions e where e.id = $1 for update`,
      [input.edition_id],
    );
    if (!edition) throw notFound('Edition not found');

    const ids = JSON.stringify(input.author_ids);
    const unknown = await tx.query<{ id: string }>(
      `select i.id from jsonb_array_elements_text($1::jsonb) as i (id)
       where not exists (select 1 from public.authors a where a.id = i.id::uuid)`,
      [ids],
    );
    if (unknown.length > 0) {
      const list = unknown.map((u) => u.id);
      throw badRequest(`Unknown author id: ${list.join(', ')}`, { unknown_author_ids: list });
    }

    await tx.query('delete from public.edition_authors where edition_id = $1', [input.edition_id]);
    await tx.query(
      `insert into public.edition_authors (edition_id, author_id, position)
       select $1, i.id::uuid, i.ord - 1
       from jsonb_array_elements_text($2::jsonb) with ordinality as i (id, ord)`,
      [input.edition_id, ids],
    );
    const after = await maybeOne<{ authors: EditionAuthor[] }>(
      tx,
      `select ${currentAuthors} as authors from public.editions e where e.id = $1`,
      [input.edition_id],
    );
    await recordAudit(tx, {
      actorId,
      action: 'set-edition-authors',
      targetId: input.edition_id,
      before: { authors: edition.authors },
      after: { authors: after?.authors ?? [] },
    });
  });
}
