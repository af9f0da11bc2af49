// search-works results carry what readers decide by (issue 26): the primary edition, its cover on our own
// origin, the first publication year (none for the demo catalogue's stand-in date of ancient works) and the
// community rating from works.rating_sum and rating_count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: [
      ...sampleCatalogue,
      {
        title: 'History of the Peloponnesian War',
        authors: ['Thucydides'],
        first_published: '0001-01-01',
        date_string: 'c. 400 BC',
        genres: ['History'],
        description: 'The war between Athens and Sparta, told by an Athenian general who fought in it.',
        editions: [],
      },
    ],
  });
});
afterAll(() => t.close());

describe('search-works hit details', () => {
  it('answers the primary edition, its cover, the first year and the real community average', async () => {
    const [work] = await t.deps.db.query<{ id: string; primary_edition_id: string; isbn: string }>(
      `select w.id, w.primary_edition_id, e.isbn from public.works w
       join public.editions e on e.id = w.primary_edition_id where w.title = 'Pride and Prejudice'`,
    );
    await t.deps.db.query('update public.works set rating_sum = 13.5, rating_count = 4 where id = $1', [
      work?.id,
    ]);
    const res = await t.sf('search-works', { query: 'pride prejudice' });
    expect(res.body.results[0]).toMatchObject({
      work_id: work?.id,
      work_title: 'Pride and Prejudice',
      primary_edition_id: work?.primary_edition_id,
      cover_url: `${t.deps.config.publicUrl}/covers/isbn/${work?.isbn}`,
      first_publish_year: 1813,
      rating_count: 4,
      rating_average: 3.38,
    });
  });

  it('answers no year for the stand-in date of an ancient work, and no edition or rating where there is none', async () => {
    const res = await t.sf('search-works', { query: 'peloponnesian' });
    expect(res.body.results[0]).toMatchObject({
      work_title: 'History of the Peloponnesian War',
      primary_edition_id: null,
      cover_url: null,
      first_publish_year: null,
      rating_count: 0,
      rating_average: null,
    });
  });
});
