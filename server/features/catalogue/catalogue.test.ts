import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { seedCatalogue } from '../../db/seed/catalogue';
import type { SeedWork } from '../../db/seed/catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: sampleCatalogue });
});
afterAll(() => t.close());

const workIdOf = async (title: string) => {
  const { body } = await t.sf('search-works', { query: title });
  return body.results.find((r) => r.work_title === title)!.work_id;
};

describe('search-works', () => {
  it('ranks title matches from the catalogue', async () => {
    const { status, body } = await t.sf('search-works', { query: 'pride' });
    expect(status).toBe(200);
    expect(body.new_isbn_added).toBe(false);
    expect(body.results[0]).toMatchObject({ work_title: 'Pride and Prejudice', author_names: 'Jane Austen' });
    expect(body.results[0]!.rank).toBeGreaterThan(0);
  });

  it('finds works by author, ranking title hits above author hits', async () => {
    const { body } = await t.sf('search-works', { query: 'austen' });
    expect(body.results.map((r: { work_title: string }) => r.work_title).sort()).toEqual([
      'Emma',
      'Pride and Prejudice',
    ]);
    const emma = await t.sf('search-works', { query: 'emma austen' });
    expect(emma.body.results[0]!.work_title).toBe('Emma');
  });

  it('ignores accents and joins co-authors in order', async () => {
    const { body } = await t.sf('search-works', { query: 'bronte' });
    expect(body.results[0]).toMatchObject({ work_title: 'Wuthering Heights', author_names: 'Emily Brontë' });
    const omens = await t.sf('search-works', { query: 'gaiman' });
    expect(omens.body.results[0]!.author_names).toBe('Terry Pratchett, Neil Gaiman');
  });

  it('falls back to trigram similarity for misspellings', async () => {
    const { body } = await t.sf('search-works', { query: 'prejudise' });
    expect(body.results[0]!.work_title).toBe('Pride and Prejudice');
    const heights = await t.sf('search-works', { query: 'wuthering hieghts' });
    expect(heights.body.results[0]!.work_title).toBe('Wuthering Heights');
  });

  it('takes ISBN-shaped queries to the ISBN path, with or without hyphens, 10 or 13 digits', async () => {
    for (const query of ['9780141439518', '978-0-14-143951-8', '0141439513', '0-14-143951-3']) {
      const { body } = await t.sf('search-works', { query });
      expect(body.results).toHaveLength(1);
      expect(body.results[0]!.work_title).toBe('Pride and Prejudice');
    }
  });

  it('answers nothing for an ISBN with a wrong check digit, and nothing for a blank query', async () => {
    expect((await t.sf('search-works', { query: '9780141439519' })).body.results).toEqual([]);
    expect((await t.sf('search-works', { query: '   ' })).body.results).toEqual([]);
  });

  it('answers a clear 503 when Open Library is unreachable for a new ISBN, and stores nothing', async () => {
    const before = await t.deps.db.query<{ n: number }>('select count(*) as n from editions');
    const { status, body } = await t.sf('search-works', { query: '9780316300131' });
    expect(status).toBe(503);
    expect(body).toMatchObject({ code: 'unavailable' });
    expect(body.error).toMatch(/Open Library could not be reached/);
    expect(await t.deps.db.query('select count(*) as n from editions')).toEqual(before);
  });
});

describe('catalogue reads', () => {
  it('work-details answers the work with its authors', async () => {
    const id = await workIdOf('Good Omens');
    const { status, body } = await t.sf('work-details', { work_id: id });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id,
      title: 'Good Omens',
      date: '1990-05-01',
      date_string: '1990',
      rating_count: 0,
      rating_sum: 0,
      date_is_locked: false,
      primary_edition_locked: false,
      checked_full_metadata: true,
    });
    expect(body.work_authors.map((a: { authors: { name: string } }) => a.authors.name)).toEqual([
      'Terry Pratchett',
      'Neil Gaiman',
    ]);
  });

  it('work-editions lists the primary edition first; edition-details derives both ISBNs and the year', async () => {
    const id = await workIdOf('Pride and Prejudice');
    const { body } = await t.sf('work-editions', { work_id: id });
    expect(body.editions).toHaveLength(2);
    expect(body.editions[0]!.id).toBe(body.primary_edition_id);
    expect(body.editions[0]!.edition_authors[0]!.authors.name).toBe('Jane Austen');
    // Credited in the edition's order, which is not the names' order.
    const omens = await t.sf('work-editions', { work_id: await workIdOf('Good Omens') });
    expect(omens.body.editions[0]!.edition_authors.map((a) => a.authors.name)).toEqual([
      'Terry Pratchett',
      'Neil Gaiman',
    ]);

    const details = await t.sf('edition-details', { edition_id: body.primary_edition_id });
    expect(details.body).toMatchObject({
      isbn: '9780141439518',
      isbn13: '9780141439518',
      isbn10: '0141439513',
      publisher: 'Penguin Classics',
      year: 2003,
      page_count: 480,
      format: 'Paperback',
      edition_works: [{ work_id: id }],
    });
    expect(details.body.cover_url).toBe(`${t.deps.config.publicUrl}/covers/isbn/9780141439518`);
  });

  it('edition-metadata and edition-cover answer for a known edition', async () => {
    const id = await workIdOf('Emma');
    const { body } = await t.sf('work-editions', { work_id: id });
    const meta = await t.sf('edition-metadata', { edition_id: body.editions[0]!.id });
    expect(meta.body).toEqual({
      description: 'A confident matchmaker learns how little she understands the hearts around her.',
      page_count: 474,
    });
    const cover = await t.sf('edition-cover', { edition_id: body.editions[0]!.id });
    expect(cover.body.cover_url).toBe(`${t.deps.config.publicUrl}/covers/isbn/9780141439587`);
  });

  it('work-genres answers the genres', async () => {
    const id = await workIdOf('Good Omens');
    const { body } = await t.sf('work-genres', { work_id: id });
    expect(body.genres.map((g: { name: string }) => g.name)).toEqual(['Fantasy', 'Humor']);
  });

  it('search-authors and author-details find authors and their works', async () => {
    const { body } = await t.sf('search-authors', { query: 'austen' });
    expect(body.results[0]).toMatchObject({ name: 'Jane Austen', works_count: 2 });
    expect(['Emma', 'Pride and Prejudice']).toContain(body.results[0]!.sample_work?.title);
    const author = await t.sf('author-details', { author_id: body.results[0]!.id });
    expect(author.body.works.map((w: { title: string }) => w.title)).toEqual(['Pride and Prejudice', 'Emma']);
    const accented = await t.sf('search-authors', { query: 'Brontë' });
    expect(accented.body.results[0]!.name).toBe('Emily Brontë');
  });

  it('check-isbn normalises and reports whether the catalogue has it', async () => {
    expect((await t.sf('check-isbn', { query: '0-14-143951-3' })).body).toEqual({
      isbn: '9780141439518',
      exists: true,
    });
    expect((await t.sf('check-isbn', { query: '9780316300131' })).body).toEqual({
      isbn: '9780316300131',
      exists: false,
    });
    expect((await t.sf('check-isbn', { query: 'dune' })).body).toEqual({ isbn: null, exists: false });
  });

  it('answers 404 with the spec texts for unknown ids', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await t.sf('work-details', { work_id: missing })).toEqual({
      status: 404,
      body: { error: 'Work not found', code: 'not_found' },
    });
    expect((await t.sf('author-details', { author_id: missing })).body.error).toBe('Author not found');
    expect((await t.sf('edition-details', { edition_id: missing })).status).toBe(404);
  });
});

/** A work of one paperback edition, for adding to the catalogue mid-test. */
const addedWork = (title: string, author: string, isbn13: string): SeedWork => ({
  title,
  authors: [author],
  first_published: '2001-01-01',
  date_string: '2001',
  genres: ['Fiction'],
  description: `${title}, added while the server runs.`,
  editions: [
    {
      isbn13,
      title,
      publisher: 'Test House',
      date: '2001-01-01',
      date_string: '2001',
      page_count: 300,
      format: 'Paperback',
    },
  ],
});
const titlesFor = async (query: string) =>
  (await t.sf('search-works', { query })).body.results.map((r: { work_title: string }) => r.work_title);

describe('search-works: phrases, and works added after start', () => {
  beforeAll(async () => {
    await seedCatalogue(t.deps.db, [
      addedWork('The Silent River', 'Mara Quillfeather', '9780000000101'),
      addedWork('The River Was Never Silent', 'Odo Brackwater', '9780000000200'),
    ]);
  });

  it('matches a quoted phrase only with its words side by side and in order', async () => {
    expect(await titlesFor('"the silent river"')).toEqual(['The Silent River']);
    expect(await titlesFor('"silent river"')).toEqual(['The Silent River']);
    expect((await titlesFor('silent river')).sort()).toEqual([
      'The River Was Never Silent',
      'The Silent River',
    ]);
  });

  it('corrects misspellings of several words against the catalogue', async () => {
    expect(await titlesFor('the silnet rivr')).toContain('The Silent River');
    expect(await titlesFor('quilfeather')).toEqual(['The Silent River']);
  });

  it('corrects a misspelling to a word that only a work added since has', async () => {
    expect(await titlesFor('tolkein')).toEqual([]);
    expect(await titlesFor('dostoyevski')).toEqual([]);
    await seedCatalogue(t.deps.db, [
      addedWork('The Hobbit', 'J. R. R. Tolkien', '9780000000309'),
      addedWork('Crime and Punishment', 'Fyodor Dostoevsky', '9780000000408'),
    ]);
    expect(await titlesFor('tolkein')).toEqual(['The Hobbit']);
    expect(await titlesFor('dostoyevski')).toEqual(['Crime and Punishment']);
  });
});
