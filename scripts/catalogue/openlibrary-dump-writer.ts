// Synthetic Open Library dumps in Open Library's exact format (ol_dump_*.txt.gz: type, key, revision, last
// modified and the JSON record, tab-separated, one record a line, gzip), for the loader's tests and
// benchmark. Records have the shapes of real ones: works list authors as {"author": {"key"}} with a role
// type, authors sometimes list alternate names, editions list their work, ISBN-10s or ISBN-13s, publishers, a free-text publish date, pagination or
// a page count, covers (sometimes -1, Open Library's removed-cover mark), and subjects on works.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import type { Rand } from '../bench/random';
import { pick, rng, skewedPick, zipfIndex } from '../bench/random';
import { ADJECTIVES, FIRST_NAMES, LAST_NAMES, NOUNS, inventedWords } from '../bench/word-lists';

export interface DumpOptions {
  works: number;
  /** Editions: 1.5 a work by default, Open Library's own ratio. */
  editions?: number;
  seed?: number;
  /** Added to every record's revision (a later dump of the same records). */
  revisionBump?: number;
  /** Lines added at the end of each file, already in dump format (see dumpLine). */
  extra?: { authors?: string[]; works?: string[]; editions?: string[] };
}

export interface DumpPaths {
  authors: string;
  works: string;
  editions: string;
}

const MODIFIED = '2024-06-30T12:00:00.000000';

/** One dump line: the record's JSON carries its own key, type, revision and last_modified, as Open Library's do. */
export function dumpLine(
  type: string,
  key: string,
  revision: number,
  record: Record<string, unknown>,
): string {
  const json = {
    ...record,
    key,
    type: { key: type },
    revision,
    last_modified: { type: '/type/datetime', value: MODIFIED },
  };
  return `${type}\t${key}\t${revision}\t${MODIFIED}\t${JSON.stringify(json)}`;
}

/** ISBN-13 of synthetic edition n: 9791 + n in 8 digits + check digit (a range no demo book uses). */
export function dumpIsbn13(n: number): string {
  const first12 = `9791${String(n).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + ((10 - (sum % 10)) % 10);
}

const SUBJECTS = [
  ['Fiction', 'Mystery fiction', 'Detective and mystery stories'],
  ['Fiction', 'Science fiction'],
  ['Fiction', 'Fantasy fiction'],
  ['Fiction', 'Love stories', 'Romance fiction'],
  ['History', 'Europe, history'],
  ['Biography', 'Authors, biography'],
  ['Fiction', 'Historical fiction'],
  ['Poetry'],
  ['Juvenile fiction', 'Animals, juvenile fiction'],
  [],
];
const PUBLISHERS = ['Penguin Books', 'Vintage', 'HarperCollins', 'Tor', 'Faber & Faber', 'Knopf', 'Picador'];
const FORMATS = ['Paperback', 'Hardcover', 'Mass Market Paperback', 'E-book', 'Audio CD'];
const MONTHS = ['January', 'March', 'June', 'September', 'November'];

function title(rand: Rand, lexicon: string[]): string {
  const name = () => lexicon[zipfIndex(lexicon.length, rand())] as string;
  const form = rand();
  const adj = skewedPick(ADJECTIVES, rand());
  const noun = skewedPick(NOUNS, rand());
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  if (form < 0.35) return `The ${cap(adj)} ${cap(noun)} of ${name()}`;
  if (form < 0.7) return `${name()} and the ${cap(adj)} ${cap(noun)}`;
  return `A ${cap(noun)} for ${name()}`;
}

async function writeLines(path: string, lines: Iterable<string>): Promise<void> {
  const gzip = createGzip({ level: 1 });
  const out = gzip.pipe(createWriteStream(path));
  for (const line of lines) {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  }
  gzip.end();
  await once(out, 'finish');
}

export async function writeOpenLibraryDump(dir: string, options: DumpOptions): Promise<DumpPaths> {
  const { works, seed = 26, revisionBump = 0, extra = {} } = options;
  const editions = options.editions ?? Math.round(works * 1.5);
  const authors = Math.max(1, Math.round(works * 0.4));
  const lexicon = inventedWords(Math.max(1000, Math.round(works / 4)));
  const paths: DumpPaths = {
    authors: join(dir, 'ol_dump_authors_latest.txt.gz'),
    works: join(dir, 'ol_dump_works_latest.txt.gz'),
    editions: join(dir, 'ol_dump_editions_latest.txt.gz'),
  };
  const rev = (n: number) => 1 + (n % 5) + revisionBump;

  await writeLines(
    paths.authors,
    (function* () {
      const rand = rng(seed);
      for (let a = 1; a <= authors; a += 1) {
        const name = `${pick(FIRST_NAMES, rand())} ${pick(LAST_NAMES, rand())} ${lexicon[a % lexicon.length]}`;
        const record: Record<string, unknown> = { name, personal_name: name };
        // Some authors carry other spellings, as Open Library's do ("Dostoevsky" for "Dostoyevsky").
        if (a % 4 === 0)
          record.alternate_names = [name.toUpperCase(), `${name.split(' ')[1]}, ${name.split(' ')[0]}`];
        yield dumpLine('/type/author', `/authors/OL${a}A`, rev(a), record);
      }
      yield* extra.authors ?? [];
    })(),
  );

  await writeLines(
    paths.works,
    (function* () {
      const rand = rng(seed + 1);
      for (let w = 1; w <= works; w += 1) {
        const first = 1 + zipfIndex(authors, rand());
        const list = rand() < 0.1 ? [first, 1 + ((first + w) % authors)] : [first];
        const record: Record<string, unknown> = {
          title: title(rand, lexicon),
          authors: [...new Set(list)].map((a) => ({
            type: { key: '/type/author_role' },
            author: { key: `/authors/OL${a}A` },
          })),
          subjects: SUBJECTS[w % SUBJECTS.length],
          created: { type: '/type/datetime', value: '2009-12-11T01:57:19.964652' },
        };
        if (w % 3 === 0) record.first_publish_date = String(1900 + (w % 120));
        yield dumpLine('/type/work', `/works/OL${w}W`, rev(w), record);
      }
      yield* extra.works ?? [];
    })(),
  );

  await writeLines(
    paths.editions,
    (function* () {
      const rand = rng(seed + 2);
      for (let e = 1; e <= editions; e += 1) {
        // Editions spread over the works in order, so most works have one or two and every one has one.
        const work = 1 + Math.floor(((e - 1) * works) / editions);
        const isbn = dumpIsbn13(e);
        const record: Record<string, unknown> = {
          title: `Edition ${e} of work ${work}`,
          works: [{ key: `/works/OL${work}W` }],
          publishers: [pick(PUBLISHERS, rand())],
          publish_date: `${pick(MONTHS, rand())} ${1950 + (e % 74)}`,
          physical_format: pick(FORMATS, rand()),
        };
        if (e % 2 === 0) record.isbn_13 = [isbn];
        else record.isbn_10 = [dumpIsbn10(e)];
        if (e % 4 === 0) record.number_of_pages = 100 + (e % 600);
        else if (e % 4 === 1) record.pagination = `xii, ${120 + (e % 500)} p.`;
        if (e % 3 !== 0) record.covers = [e % 17 === 0 ? -1 : 8_000_000 + e];
        if (e % 5 === 0) record.authors = [{ key: `/authors/OL${1 + (e % authors)}A` }];
        yield dumpLine('/type/edition', `/books/OL${e}M`, rev(e), record);
      }
      yield* extra.editions ?? [];
    })(),
  );
  return paths;
}

/** ISBN-10 of synthetic edition n: 99 + n in 7 digits + check digit (978-99..., no demo book's group). */
export function dumpIsbn10(n: number): string {
  const first9 = `99${String(n).padStart(7, '0')}`;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(first9[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return first9 + (check === 10 ? 'X' : String(check));
}
