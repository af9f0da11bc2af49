// The demo catalogue: real works with real ISBN-13s, in server/db/seed/catalogue/*.json. Loading is
// set-based (a handful of statements for the whole file) and idempotent: a work any of whose ISBNs is
// already in the catalogue is skipped, so running it again adds nothing.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Db } from '../db';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const seedWork = z.object({
  title: z.string().min(1),
  authors: z.array(z.string().min(1)).min(1),
  series: z.object({ name: z.string().min(1).max(300), position: z.string().min(1).max(20) }).optional(),
  first_published: isoDate,
  date_string: z.string().min(1),
  genres: z.array(z.string().min(1)).min(1).max(3),
  description: z.string().min(1),
  editions: z
    .array(
      z.object({
        isbn13: z.string().regex(/^97[89]\d{10}$/),
        title: z.string().min(1),
        publisher: z.string().min(1),
        date: isoDate,
        date_string: z.string().min(1),
        page_count: z.number().int().positive(),
        format: z.enum(['Hardcover', 'Paperback', 'Mass Market Paperback', 'Ebook']),
      }),
    )
    .min(1),
});
export type SeedWork = z.infer<typeof seedWork>;

const catalogueDir = fileURLToPath(new URL('./catalogue/', import.meta.url));

export async function loadDemoCatalogue(): Promise<SeedWork[]> {
  const files = (await readdir(catalogueDir)).filter((f) => f.endsWith('.json')).sort();
  const works: SeedWork[] = [];
  for (const file of files) {
    works.push(...z.array(seedWork).parse(JSON.parse(await readFile(catalogueDir + file, 'utf8'))));
  }
  return works;
}

/** Adds the works that are not there yet; answers how many were added. */
export async function seedCatalogue(db: Db, works: SeedWork[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.exec(`create temp table seed_input (work_id uuid primary key, idx int, w jsonb) on commit drop`);
    await tx.query(
      `insert into seed_input (work_id, idx, w)
       select gen_random_uuid(), i.ord, i.value from jsonb_array_elements($1::jsonb) with ordinality as i(value, ord)
       where not exists (
         select 1 from jsonb_array_elements(i.value->'editions') ed
         join public.editions e on e.isbn = ed->>'isbn13')`,
      [JSON.stringify(works)],
    );
    const added = await tx.query<{ n: number }>('select count(*) as n from seed_input');
    if (!added[0]?.n) return 0;

    await tx.exec(`
      insert into public.genres (name)
        select distinct g from seed_input, jsonb_array_elements_text(w->'genres') g
        on conflict (name) do nothing;

      insert into public.authors (name)
        select distinct n from seed_input, jsonb_array_elements_text(w->'authors') n
        where not exists (select 1 from public.authors a where a.name = n);

      insert into public.works (id, title, date, date_string, checked_full_metadata, series_name, series_position)
        select work_id, w->>'title', (w->>'first_published')::date, w->>'date_string', true,
               w->'series'->>'name', w->'series'->>'position' from seed_input;

      insert into public.work_authors (work_id, author_id, position)
        select s.work_id, a.id, n.ord - 1
        from seed_input s, jsonb_array_elements_text(s.w->'authors') with ordinality n(name, ord),
             lateral (select id from public.authors where name = n.name order by created_at, id limit 1) a
        on conflict do nothing;

      create temp table seed_editions on commit drop as
        select gen_random_uuid() as id, s.work_id, ed.ord, ed.value as e, s.w->>'description' as description
        from seed_input s, jsonb_array_elements(s.w->'editions') with ordinality ed(value, ord);

      insert into public.editions (id, work_id, title, isbn, publisher, date, date_string, description,
                                   page_count, format, checked_full_metadata)
        select id, work_id, e->>'title', e->>'isbn13', e->>'publisher', (e->>'date')::date, e->>'date_string',
               description, (e->>'page_count')::int, e->>'format', true
        from seed_editions
        on conflict do nothing;

      insert into public.edition_authors (edition_id, author_id, position)
        select se.id, wa.author_id, wa.position
        from seed_editions se join public.editions e on e.id = se.id
        join public.work_authors wa on wa.work_id = se.work_id
        on conflict do nothing;

      update public.works w set primary_edition_id = se.id
        from seed_editions se join public.editions e on e.id = se.id
        where se.work_id = w.id and se.ord = 1;

      insert into public.work_genres (work_id, genre_id)
        select s.work_id, g.id from seed_input s, jsonb_array_elements_text(s.w->'genres') gn
        join public.genres g on g.name = gn
        on conflict do nothing;
    `);
    return added[0].n;
  });
}
