// A large synthetic catalogue: titles from common title words (skewed, so "river" is in thousands of
// titles) and an invented long tail (so most names are rare), authors with skewed first and last names and
// one in four works by a prolific author, 1-3 genres with a bookshop's skew, and 1.5 editions per work on
// average with valid ISBN-13s in the 979-8 range. Loaded with multi-row inserts of unnest()ed arrays.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/db';
import { insertColumns } from './bulk-load';
import type { Rand } from './random';
import { logUniform, pick, rng, skewedPick, zipfIndex } from './random';
import { ADJECTIVES, FIRST_NAMES, GENRES, LAST_NAMES, NOUNS, inventedWords } from './word-lists';

/** The ISBN-13 of synthetic edition n: 9798 + n in 8 digits + check digit. */
export function syntheticIsbn(n: number): string {
  const first12 = `9798${String(n).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + ((10 - (sum % 10)) % 10);
}

const capitalise = (title: string) =>
  title.replace(/(^|\s)(\p{Ll})/gu, (_m, s, c: string) => s + c.toUpperCase());

function makeTitle(rand: Rand, lexicon: string[]): string {
  const adj = () => skewedPick(ADJECTIVES, rand());
  const noun = () => skewedPick(NOUNS, rand());
  const name = () => lexicon[zipfIndex(lexicon.length, rand())] as string;
  const form = rand();
  if (form < 0.3) return `The ${adj()} ${noun()}`;
  if (form < 0.5) return `The ${noun()} of the ${adj()} ${noun()}`;
  if (form < 0.65) return `${name()}`;
  if (form < 0.8) return `The ${noun()} of ${name()}`;
  if (form < 0.9) return `${name()} and the ${adj()} ${noun()}`;
  return `A ${noun()} for ${name()}`;
}

export interface CatalogueOptions {
  works: number;
  seed?: number;
  log?: (line: string) => void;
}

/** Loads the synthetic works; the caller defers the indexes (bulk-load.ts) and analyses afterwards. */
export async function generateCatalogue(db: Db, { works, seed = 42, log }: CatalogueOptions): Promise<void> {
  const rand = rng(seed);
  const lexicon = inventedWords(Math.max(1000, Math.min(200_000, Math.floor(works / 5))));
  await db.query('insert into public.genres (name) select unnest($1::text[]) on conflict do nothing', [
    GENRES,
  ]);
  const genreIds = new Map(
    (await db.query<{ id: number; name: string }>('select id, name from public.genres')).map((g) => [
      g.name,
      g.id,
    ]),
  );
  const genreOrder = GENRES.map((g) => genreIds.get(g) as number);

  const authorCount = Math.max(10, Math.floor(works / 4));
  const authors = { id: [] as string[], name: [] as string[] };
  for (let i = 0; i < authorCount; i++) {
    const last = rand() < 0.6 ? skewedPick(LAST_NAMES, rand()) : pick(lexicon, rand());
    authors.id.push(randomUUID());
    authors.name.push(`${skewedPick(FIRST_NAMES, rand())} ${last}`);
  }
  await insertColumns(
    db,
    'insert into public.authors (id, name) select * from unnest($1::uuid[], $2::text[])',
    [authors.id, authors.name],
  );

  let isbnCounter = 0;
  const batch = 10_000;
  for (let start = 0; start < works; start += batch) {
    const size = Math.min(batch, works - start);
    const w = { id: [] as string[], title: [] as string[], authors: [] as string[], year: [] as number[] };
    const primary: string[] = [];
    const wa = { work: [] as string[], author: [] as string[] };
    const e = { id: [] as string[], work: [] as string[], title: [] as string[], isbn: [] as string[] };
    const ex = {
      pages: [] as number[],
      year: [] as number[],
      format: [] as string[],
      publisher: [] as string[],
    };
    const wg = { work: [] as string[], genre: [] as number[] };
    for (let i = 0; i < size; i++) {
      const id = randomUUID();
      const title = capitalise(makeTitle(rand, lexicon));
      // One work in four is by a prolific author (the first hundred), the rest spread over everyone.
      const a = rand() < 0.25 ? Math.floor(rand() * 100) : Math.floor(rand() * authorCount);
      const year = 1800 + Math.floor(225 * rand() ** 0.4);
      w.id.push(id);
      w.title.push(title);
      w.authors.push(authors.name[a] as string);
      w.year.push(year);
      wa.work.push(id);
      wa.author.push(authors.id[a] as string);
      const editions = rand() < 0.5 ? 1 : 2;
      const pages = logUniform(60, 1400, rand());
      for (let k = 0; k < editions; k++) {
        const editionId = randomUUID();
        if (k === 0) primary.push(editionId);
        e.id.push(editionId);
        e.work.push(id);
        e.title.push(title);
        e.isbn.push(syntheticIsbn(++isbnCounter));
        ex.pages.push(pages + k * Math.floor(rand() * 40));
        ex.year.push(Math.min(2025, year + k * Math.floor(rand() * 60)));
        ex.format.push(pick(['Paperback', 'Hardcover', 'Ebook', 'Mass Market Paperback'], rand()));
        ex.publisher.push(`${skewedPick(LAST_NAMES, rand())} ${pick(['Press', 'Books', 'House'], rand())}`);
      }
      const genreCount = rand() < 0.55 ? 1 : rand() < 0.8 ? 2 : 3;
      const chosen = new Set<number>();
      for (let g = 0; g < genreCount; g++) chosen.add(skewedPick(genreOrder, rand(), 1.8));
      for (const g of chosen) {
        wg.work.push(id);
        wg.genre.push(g);
      }
    }
    await db.transaction(async (tx) => {
      // Editions and links first with the foreign key checks and the per-row author_names trigger off
      // (author_names is written directly below), then the works with their primary edition, through the
      // works trigger that fills the search columns as for every real write.
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(
        `insert into public.editions (id, work_id, title, isbn, page_count, date, date_string, format,
                                      publisher, checked_full_metadata, provenance)
         select id, work, title, isbn, pages, make_date(year, 1, 1), year::text, format, publisher, true,
                'operator'
         from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[],
                     $8::text[]) as t(id, work, title, isbn, pages, year, format, publisher)`,
        [e.id, e.work, e.title, e.isbn, ex.pages, ex.year, ex.format, ex.publisher],
      );
      await tx.query(
        'insert into public.work_authors (work_id, author_id) select * from unnest($1::uuid[], $2::uuid[])',
        [wa.work, wa.author],
      );
      await tx.query(
        `insert into public.edition_authors (edition_id, author_id)
         select e.id, wa.author_id from unnest($1::uuid[], $2::uuid[]) as e(id, work)
         join unnest($3::uuid[], $4::uuid[]) as wa(work_id, author_id) on wa.work_id = e.work`,
        [e.id, e.work, wa.work, wa.author],
      );
      await tx.query(
        'insert into public.work_genres (work_id, genre_id) select * from unnest($1::uuid[], $2::int[])',
        [wg.work, wg.genre],
      );
      await tx.query(`set local session_replication_role = origin`);
      await tx.query(
        `insert into public.works (id, title, author_names, date, date_string, checked_full_metadata,
                                   primary_edition_id)
         select id, title, authors, make_date(year, 1, 1), year::text, true, primary_edition
         from unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::uuid[])
           as t(id, title, authors, year, primary_edition)`,
        [w.id, w.title, w.authors, w.year, primary],
      );
    });
    log?.(`catalogue: ${start + size} / ${works} works`);
  }
}
