import { isbnPair, isIsbnQuery, normalizeIsbn } from '@shared/domain/isbn';
import { notFound } from '../../http/errors';
import type { catalogueEndpoints } from '@shared/api/catalogue';
import type { AreaHandlers } from '../../http/handler-context';
import { coverUrl } from '../../db/cover-url';
import type { EditionRow } from './queries';
import { findAuthorWithWorks, findEdition, findWork, findWorkGenres, listWorkEditions } from './queries';
import { findWorkByIsbn, searchAuthors, searchWorks } from './search';
import { withDetails } from './hit-details';
import { assertWorkVisible } from './visibility';

const editionSummary = (e: EditionRow, coversBase: string) => ({
  id: e.id,
  title: e.title,
  isbn: e.isbn,
  publisher: e.publisher,
  date: e.date,
  date_string: e.date_string,
  page_count: e.page_count,
  format: e.format,
  cover_url: coverUrl(e.cover_url, e.isbn, coversBase),
  edition_authors: e.edition_authors,
});

export const catalogueHandlers = {
  async 'work-details'({ work_id }, { deps, user }) {
    await assertWorkVisible(deps.db, work_id, user?.userId ?? null);
    const work = await findWork(deps.db, work_id);
    if (!work) throw notFound('Work not found');
    return work;
  },

  async 'work-genres'({ work_id }, { deps, user }) {
    await assertWorkVisible(deps.db, work_id, user?.userId ?? null);
    const work = await findWork(deps.db, work_id);
    if (!work) throw notFound('Work not found');
    if (!work.checked_full_metadata) await deps.catalogue.enrichWork(work_id);
    return { genres: await findWorkGenres(deps.db, work_id) };
  },

  async 'work-editions'({ work_id }, { deps, user }) {
    await assertWorkVisible(deps.db, work_id, user?.userId ?? null);
    const work = await findWork(deps.db, work_id);
    if (!work) throw notFound('Work not found');
    const editions = await listWorkEditions(deps.db, work_id);
    return {
      primary_edition_id: work.primary_edition_id,
      editions: editions.map((e) => editionSummary(e, deps.config.publicUrl)),
    };
  },

  async 'edition-details'({ edition_id }, { deps, user }) {
    const edition = await findEdition(deps.db, edition_id);
    if (!edition) throw notFound('Edition not found');
    await assertWorkVisible(deps.db, edition.work_id, user?.userId ?? null, 'Edition not found');
    return {
      ...editionSummary(edition, deps.config.publicUrl),
      description: edition.description,
      checked_full_metadata: edition.checked_full_metadata,
      year: edition.date ? Number(edition.date.slice(0, 4)) : null,
      ...isbnPair(edition.isbn),
      edition_works: [{ work_id: edition.work_id }],
    };
  },

  async 'edition-metadata'({ edition_id }, { deps }) {
    let edition = await findEdition(deps.db, edition_id);
    if (!edition) throw notFound('Edition not found');
    if (!edition.checked_full_metadata) {
      await deps.catalogue.enrichEdition(edition_id);
      edition = (await findEdition(deps.db, edition_id)) ?? edition;
    }
    return { description: edition.description, page_count: edition.page_count };
  },

  async 'edition-cover'({ edition_id }, { deps }) {
    const edition = await findEdition(deps.db, edition_id);
    if (!edition) throw notFound('Edition not found');
    return { cover_url: coverUrl(edition.cover_url, edition.isbn, deps.config.publicUrl) };
  },

  async 'author-details'({ author_id }, { deps }) {
    const author = await findAuthorWithWorks(deps.db, author_id);
    if (!author) throw notFound('Author not found');
    return {
      id: author.id,
      name: author.name,
      works: author.works.map((w) => ({
        id: w.id,
        title: w.title,
        date_string: w.date_string,
        cover_url: coverUrl(w.cover_url, w.isbn, deps.config.publicUrl),
      })),
    };
  },

  async 'search-works'({ query }, { deps }) {
    if (query === '') return { results: [], new_isbn_added: false };
    const detailed = (hits: Awaited<ReturnType<typeof searchWorks>>) =>
      withDetails(deps.db, hits, deps.config.publicUrl);
    if (isIsbnQuery(query)) {
      const isbn13 = normalizeIsbn(query);
      if (!isbn13) return { results: [], new_isbn_added: false };
      const known = await findWorkByIsbn(deps.db, isbn13);
      if (known.length > 0) return { results: await detailed(known), new_isbn_added: false };
      const workId = await deps.catalogue.importIsbn(isbn13);
      if (!workId) return { results: [], new_isbn_added: false };
      return { results: await detailed(await findWorkByIsbn(deps.db, isbn13)), new_isbn_added: true };
    }
    return { results: await detailed(await searchWorks(deps.db, query)), new_isbn_added: false };
  },

  async 'search-authors'({ query }, { deps }) {
    if (query === '') return { results: [] };
    return { results: await searchAuthors(deps.db, query) };
  },

  async 'check-isbn'({ query }, { deps }) {
    const isbn = normalizeIsbn(query);
    if (!isbn) return { isbn: null, exists: false };
    const rows = await deps.db.query('select 1 from public.editions where isbn = $1', [isbn]);
    return { isbn, exists: rows.length > 0 };
  },
} satisfies AreaHandlers<typeof catalogueEndpoints>;
