// A large synthetic catalogue for benchmarks: titles and author names drawn from word lists with a skewed
// (Zipf-like) distribution so some words are common and most are rare, as in a real catalogue; 1.5
// editions per work with valid ISBN-13s in the 979-8 range; 1-2 genres per work. Bulk-loaded with
// multi-row inserts of unnest()ed arrays.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/db';

const ADJECTIVES =
  `silent hidden last broken golden crimson lost secret quiet burning distant hollow wild bright
  dark forgotten endless fallen frozen gentle hungry iron little long midnight narrow northern pale restless
  scarlet shattered sleeping small strange sunken tangled tender twisted velvet wandering winter young`.split(
    /\s+/,
  );
const NOUNS =
  `river house garden city sea night kingdom shadow mirror letter road island forest mountain orchard
  daughter son mother father king queen thief witch stranger soldier sister brother widow painter doctor
  storm fire winter summer harvest empire crown bridge tower lantern clock map star moon sun song dream
  promise memory silence ghost heart bone salt ash glass stone feather wolf fox raven`.split(/\s+/);
const FIRST =
  `Anna Ben Clara David Elena Farid George Hana Ivan Julia Kofi Lena Mateo Nadia Omar Priya Quentin
  Rosa Samuel Tara Umar Vera William Xin Yara Zoe Alice Bruno Chidi Dana Emil Freya Goran Helga Isaac Jonas`.split(
    /\s+/,
  );
const LAST =
  `Abbott Baker Castillo Dubois Eriksen Fischer Garcia Haddad Ibrahim Jensen Kowalski Laurent Moreau
  Novak Okafor Petrov Quinn Rossi Santos Tanaka Ueda Varga Weber Xu Yilmaz Zimmer Andersen Brennan Costa
  Delacroix Esposito Fontaine Gallagher Horvat Ivanova Jovanovic Kaur Lindqvist Mensah Nakamura`.split(/\s+/);
const GENRES = [
  'Fantasy',
  'Mystery',
  'Romance',
  'Science Fiction',
  'Literary Fiction',
  'Thriller',
  'History',
];

/** A deterministic generator so runs are comparable. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function zipfPick<T>(items: T[], r: number): T {
  return items[Math.min(items.length - 1, Math.floor(items.length * r ** 2.2))] as T;
}

function isbn13(n: number): string {
  const first12 = `9798${String(n).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + ((10 - (sum % 10)) % 10);
}

export interface GenerateOptions {
  works: number;
  batch?: number;
  seed?: number;
  log?: (line: string) => void;
}

export async function generateCatalogue(db: Db, { works, batch = 5000, seed = 42, log }: GenerateOptions) {
  const rand = rng(seed);
  await db.query('insert into public.genres (name) select unnest($1::text[]) on conflict do nothing', [
    GENRES,
  ]);
  const genreRows = await db.query<{ id: number }>('select id from public.genres where name = any($1)', [
    GENRES,
  ]);

  const authorCount = Math.max(10, Math.floor(works / 4));
  const authorIds: string[] = [];
  const authorNames: string[] = [];
  for (let i = 0; i < authorCount; i++) {
    authorIds.push(randomUUID());
    authorNames.push(`${zipfPick(FIRST, rand())} ${zipfPick(LAST, rand())}`);
  }
  for (let i = 0; i < authorCount; i += batch) {
    await db.query('insert into public.authors (id, name) select * from unnest($1::uuid[], $2::text[])', [
      authorIds.slice(i, i + batch),
      authorNames.slice(i, i + batch),
    ]);
  }

  let isbnCounter = 0;
  for (let start = 0; start < works; start += batch) {
    const size = Math.min(batch, works - start);
    const w = { id: [] as string[], title: [] as string[], authors: [] as string[], year: [] as number[] };
    const wa = { work: [] as string[], author: [] as string[] };
    const e = {
      id: [] as string[],
      work: [] as string[],
      title: [] as string[],
      isbn: [] as string[],
      pages: [] as number[],
    };
    const wg = { work: [] as string[], genre: [] as number[] };
    for (let i = 0; i < size; i++) {
      const id = randomUUID();
      const adjective = zipfPick(ADJECTIVES, rand());
      const noun = zipfPick(NOUNS, rand());
      const title =
        rand() < 0.5
          ? `The ${adjective} ${noun}`
          : `The ${noun} of the ${zipfPick(ADJECTIVES, rand())} ${zipfPick(NOUNS, rand())}`;
      const a = Math.floor(rand() * authorCount);
      w.id.push(id);
      w.title.push(title.replace(/\b\w/g, (c) => c.toUpperCase()));
      w.authors.push(authorNames[a] as string);
      w.year.push(1800 + Math.floor(rand() * 225));
      wa.work.push(id);
      wa.author.push(authorIds[a] as string);
      const editions = rand() < 0.5 ? 1 : 2;
      for (let k = 0; k < editions; k++) {
        e.id.push(randomUUID());
        e.work.push(id);
        e.title.push(w.title[i] as string);
        e.isbn.push(isbn13(++isbnCounter));
        e.pages.push(80 + Math.floor(rand() * 900));
      }
      wg.work.push(id);
      wg.genre.push((genreRows[Math.floor(rand() * genreRows.length)] as { id: number }).id);
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into public.works (id, title, author_names, date, date_string, checked_full_metadata)
         select id, title, authors, make_date(year, 1, 1), year::text, true
         from unnest($1::uuid[], $2::text[], $3::text[], $4::int[]) as t(id, title, authors, year)`,
        [w.id, w.title, w.authors, w.year],
      );
      // author_names is already set above, so the per-row trigger that recomputes it is skipped for speed.
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(
        'insert into public.work_authors (work_id, author_id) select * from unnest($1::uuid[], $2::uuid[])',
        [wa.work, wa.author],
      );
      await tx.query(
        `insert into public.editions (id, work_id, title, isbn, page_count, checked_full_metadata)
         select id, work, title, isbn, pages, true
         from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::int[]) as t(id, work, title, isbn, pages)`,
        [e.id, e.work, e.title, e.isbn, e.pages],
      );
      await tx.query(
        `insert into public.edition_authors (edition_id, author_id)
         select e.id, wa.author_id from unnest($1::uuid[], $2::uuid[]) as e(id, work)
         join public.work_authors wa on wa.work_id = e.work`,
        [e.id, e.work],
      );
      await tx.query(
        'insert into public.work_genres (work_id, genre_id) select * from unnest($1::uuid[], $2::int[])',
        [wg.work, wg.genre],
      );
      await tx.query(
        `update public.works w set primary_edition_id = e.id
         from (select distinct on (work_id) id, work_id from public.editions
               where work_id = any($1::uuid[]) order by work_id, id) e
         where e.work_id = w.id`,
        [w.id],
      );
    });
    log?.(`  ${start + size} / ${works} works`);
  }
  await db.exec('analyze');
}
