// A synthetic Goodreads library export (the 31-column form) with every quirk the importer handles:
// ="…" ISBNs (some empty), YYYY/MM/DD dates, My Rating 0 for unrated, the three exclusive shelves, custom
// shelves with positions, favourites, HTML reviews with <br/>, quoted titles with commas, Read Count and
// Owned Copies. Deterministic for a seed. Used by scripts/generate-goodreads-csv.ts and the import bench.
import { GOODREADS_COLUMNS } from '../../shared/domain/library-import/goodreads';
import { isbn13To10 } from '../../shared/domain/isbn';
import { pick, rng } from './random';
import { ADJECTIVES, FIRST_NAMES, LAST_NAMES, NOUNS } from './word-lists';

export interface GoodreadsFileOptions {
  rows: number;
  seed?: number;
  /** ISBN-13s already in the catalogue, to put in some rows (matched instead of created). */
  knownIsbns?: readonly string[];
}

function isbn13(n: number): string {
  const first12 = `978${String(n).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + ((10 - (sum % 10)) % 10);
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const day = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '/');

export function generateGoodreadsCsv({ rows, seed = 11, knownIsbns = [] }: GoodreadsFileOptions): string {
  const rand = rng(seed);
  const lines = [GOODREADS_COLUMNS.join(',')];
  const custom = ['fantasy', 'book-club', 'non-fiction', 'classics', 'sci-fi', 'kindle', 'summer-2019'];
  const positions = new Map<string, number>();
  const position = (shelf: string) => {
    const next = (positions.get(shelf) ?? 0) + 1;
    positions.set(shelf, next);
    return next;
  };
  const start = Date.UTC(2012, 0, 1);
  const span = Date.UTC(2025, 0, 1) - start;
  for (let i = 1; i <= rows; i++) {
    const title =
      rand() < 0.15
        ? `${pick(ADJECTIVES, rand())} ${pick(NOUNS, rand())}, Book ${1 + Math.floor(rand() * 5)}`
        : `The ${pick(ADJECTIVES, rand())} ${pick(NOUNS, rand())} ${i}`;
    const author = `${pick(FIRST_NAMES, rand())} ${pick(LAST_NAMES, rand())}`;
    const isbnKind = rand();
    const isbn =
      isbnKind < 0.3 && knownIsbns.length > 0
        ? (knownIsbns[Math.floor(rand() * knownIsbns.length)] as string)
        : isbnKind < 0.8
          ? isbn13(100_000_000 + seed * 1_000_000 + i)
          : '';
    const isbn10 = isbn ? (isbn13To10(isbn) ?? '') : '';
    const shelfRoll = rand();
    const exclusive = shelfRoll < 0.6 ? 'read' : shelfRoll < 0.65 ? 'currently-reading' : 'to-read';
    const added = new Date(start + Math.floor(rand() * span));
    const read = new Date(added.getTime() + Math.floor(rand() * 200) * 86_400_000);
    const rating = exclusive === 'read' && rand() < 0.8 ? 1 + Math.floor(rand() * 5) : 0;
    const review =
      rating > 0 && rand() < 0.2
        ? `Finished it in ${1 + Math.floor(rand() * 9)} days.<br/><br/>The ${pick(NOUNS, rand())} &amp; the ${pick(NOUNS, rand())} stayed with me.`
        : '';
    const shelves = [exclusive];
    if (rand() < 0.3) shelves.push(pick(custom, rand()));
    if (rand() < 0.05) shelves.push('favorites');
    const withPositions = shelves.map((s) => `${s} (#${position(s)})`);
    const cells = [
      String(1_000_000 + i),
      quote(title),
      quote(author),
      quote(author.split(' ').reverse().join(', ')),
      rand() < 0.05 ? quote(`${pick(FIRST_NAMES, rand())} ${pick(LAST_NAMES, rand())}`) : '',
      `="${isbn10}"`,
      `="${isbn}"`,
      String(rating),
      (3 + rand() * 2).toFixed(2),
      quote(`${pick(LAST_NAMES, rand())} Press`),
      pick(['Paperback', 'Hardcover', 'Kindle Edition', 'Mass Market Paperback'], rand()),
      rand() < 0.9 ? String(80 + Math.floor(rand() * 700)) : '',
      String(1950 + Math.floor(rand() * 75)),
      String(1900 + Math.floor(rand() * 125)),
      exclusive === 'read' && rand() < 0.85 ? day(read) : '',
      day(added),
      quote(shelves.join(', ')),
      quote(withPositions.join(', ')),
      exclusive,
      quote(review),
      '',
      '',
      exclusive === 'read' ? String(1 + (rand() < 0.1 ? 1 : 0)) : '0',
      '',
      '',
      rand() < 0.2 ? '1' : '0',
      '',
      '',
      '',
      '',
      '',
    ];
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}
