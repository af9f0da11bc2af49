// Matching that does not duplicate (issue 26): Goodreads titles carry their series ("(Earthsea Cycle, #1)")
// and authors come in other transliterations ("Dostoyevsky"); such rows match the works we hold, the series
// shows on the work, and a book we lack is created under the author we already have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import type { SeedWork } from '../../server/db/seed/catalogue';
import { writeCsv } from '../../shared/domain/library-import/csv';
import { GOODREADS_COLUMNS } from '../../shared/domain/library-import/goodreads';
import { importAndWait, signedInReader } from '../support/import-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
const edition = (isbn13: string, title: string) => ({
  isbn13,
  title,
  publisher: 'Penguin',
  date: '2000-01-01',
  date_string: '2000',
  page_count: 300,
  format: 'Paperback' as const,
});
const held: SeedWork[] = [
  {
    title: 'A Wizard of Earthsea',
    authors: ['Ursula K. Le Guin'],
    series: { name: 'Earthsea Cycle', position: '1' },
    first_published: '1968-01-01',
    date_string: '1968',
    genres: ['Fantasy'],
    description: 'Ged.',
    editions: [edition('9780547773742', 'A Wizard of Earthsea')],
  },
  {
    title: 'Crime and Punishment',
    authors: ['Fyodor Dostoevsky'],
    first_published: '1866-01-01',
    date_string: '1866',
    genres: ['Classics'],
    description: 'Raskolnikov.',
    editions: [edition('9780143058142', 'Crime and Punishment')],
  },
];

beforeAll(async () => {
  s = await startTestServer();
  await seedCatalogue(s.t.deps.db, held);
});
afterAll(() => s.close());

function goodreadsFile(rows: Record<string, string>[]): string {
  return writeCsv(
    GOODREADS_COLUMNS,
    rows.map((r, i) => {
      const cells: Record<string, string> = {
        'Book Id': String(7000 + i),
        'Exclusive Shelf': 'to-read',
        ...r,
      };
      return GOODREADS_COLUMNS.map((c) => cells[c] ?? '');
    }),
  );
}

const count = async (table: string) =>
  Number((await s.t.deps.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`))[0]?.n);

describe('matching a Goodreads export', () => {
  it('matches series-suffixed titles and other transliterations to the works we hold', async () => {
    const reader = await signedInReader(s);
    const [works, authors] = [await count('works'), await count('authors')];
    const status = await importAndWait(
      s,
      reader,
      goodreadsFile([
        // Another edition's ISBN that nobody holds: the title and author still find our work.
        {
          Title: 'A Wizard of Earthsea (Earthsea Cycle, #1)',
          Author: 'Ursula K. LeGuin',
          ISBN13: '="9780553262506"',
        },
        { Title: 'Crime and Punishment', Author: 'Fyodor Dostoyevsky' },
        { Title: 'The Brothers Karamazov (Penguin Classics, #12)', Author: 'Fyodor Dostoyevskij' },
      ]),
      { format: 'goodreads' },
    );
    expect(status).toMatchObject({ state: 'done', failed: 0 });
    const rows = status.rows as { title: string; outcome: string; reason: string; work_id: string }[];
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    expect(byTitle.get('A Wizard of Earthsea')).toMatchObject({ outcome: 'matched' });
    expect(byTitle.get('Crime and Punishment')).toMatchObject({
      outcome: 'matched',
      reason: "Title and author in the catalogue (the author's name spelt another way)",
    });
    expect(byTitle.get('The Brothers Karamazov')).toMatchObject({ outcome: 'created' });
    // One new work (the one we lacked), and no new author: Dostoyevskij is the Dostoevsky we hold.
    expect(await count('works')).toBe(works + 1);
    expect(await count('authors')).toBe(authors);

    const earthsea = await s.sf(
      'work-details',
      { work_id: byTitle.get('A Wizard of Earthsea')?.work_id },
      reader.token,
    );
    expect(earthsea.body).toMatchObject({
      title: 'A Wizard of Earthsea',
      series: { name: 'Earthsea Cycle', position: '1' },
    });
    const created = await s.sf(
      'work-details',
      { work_id: byTitle.get('The Brothers Karamazov')?.work_id },
      reader.token,
    );
    expect(created.body).toMatchObject({
      title: 'The Brothers Karamazov',
      series: { name: 'Penguin Classics', position: '12' },
      work_authors: [{ authors: { name: 'Fyodor Dostoevsky' } }],
    });
  });
});
