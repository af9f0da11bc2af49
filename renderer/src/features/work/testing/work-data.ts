// Catalogue answers and a stateful reader for the work page's component tests: the /sf/ answers match the
// endpoints' response schemas, and the reader's events and shelves change as the page calls.
import type { ResponseOf } from '@shared/api/endpoints';
import type { ReadingEventType } from '@shared/domain/reading-state';
import { TEST_PROFILE, TEST_USER, fakeBackend, sessionFor } from '../../../testing/fake-backend';
import type { SfAnswers } from '../../../testing/fake-backend';
import { SfError } from '../../../platform/errors';

export const WORK_ID = '0b7f5a8e-1111-4c1e-8d7e-000000000001';
export const AUTHOR_ID = '0b7f5a8e-2222-4c1e-8d7e-000000000001';
export const editionIdOf = (n: number) => `0b7f5a8e-3333-4c1e-8d7e-${String(n).padStart(12, '0')}`;
export const E1 = editionIdOf(1);
export const E2 = editionIdOf(2);

type Work = ResponseOf<'work-details'>;
type EditionSummary = ResponseOf<'work-editions'>['editions'][number];
type EditionDetails = ResponseOf<'edition-details'>;
type ReadingEvent = ResponseOf<'reading-events'>['events'][number];

export function makeWork(overrides: Partial<Work> = {}): Work {
  return {
    id: WORK_ID,
    title: 'The Pillow Book',
    checked_full_metadata: true,
    rating_count: 4,
    rating_sum: 17,
    date: '1002-01-01',
    date_string: 'c. 1002',
    date_is_locked: false,
    primary_edition_id: E1,
    primary_edition_locked: false,
    series: null,
    work_authors: [{ authors: { id: AUTHOR_ID, name: 'Sei Shōnagon' } }],
    ...overrides,
  };
}

export function makeEdition(n: number, overrides: Partial<EditionSummary> = {}): EditionSummary {
  return {
    id: editionIdOf(n),
    title: `The Pillow Book ${n}`,
    isbn: n === 1 ? '9780140448061' : null,
    publisher: `Publisher ${n}`,
    date: `${1990 + n}-01-01`,
    date_string: String(1990 + n),
    page_count: 300 + n,
    format: 'Paperback',
    cover_url: null,
    edition_authors: [{ authors: { id: AUTHOR_ID, name: 'Sei Shōnagon' } }],
    ...overrides,
  };
}

export function detailsOf(edition: EditionSummary, overrides: Partial<EditionDetails> = {}): EditionDetails {
  return {
    ...edition,
    description: `About ${edition.title}.`,
    checked_full_metadata: true,
    year: edition.date ? Number(edition.date.slice(0, 4)) : null,
    isbn10: null,
    isbn13: null,
    edition_works: [{ work_id: WORK_ID }],
    ...overrides,
  };
}

const notFound = (what: string) =>
  new SfError({ status: 404, code: 'not_found', error: `${what} not found` });

export interface ReaderState {
  /** Newest first, as reading-events answers them. */
  events: { edition_id: string; event_type: ReadingEventType }[];
  shelves: { id: string; name: string }[];
  /** Shelf ids holding each edition. */
  holding: Record<string, string[]>;
}

export const SHELF_CURRENT = '0b7f5a8e-4444-4c1e-8d7e-000000000001';
export const SHELF_FAVOURITES = '0b7f5a8e-4444-4c1e-8d7e-000000000002';

export function newReader(events: ReaderState['events'] = []): ReaderState {
  return {
    events,
    shelves: [
      { id: SHELF_CURRENT, name: 'Currently Reading' },
      { id: SHELF_FAVOURITES, name: 'Favorites' },
    ],
    holding: {},
  };
}

function eventOf(e: ReaderState['events'][number], index: number): ReadingEvent {
  return {
    id: `0b7f5a8e-5555-4c1e-8d7e-${String(index).padStart(12, '0')}`,
    user_id: TEST_USER.id,
    created_at: '2025-01-01T00:00:00.000Z',
    event_type: e.event_type,
    start_page: null,
    end_page: null,
    start_percent: null,
    end_percent: null,
    edition_id: e.edition_id,
    work_id: WORK_ID,
    journal_md: null,
    is_public: true,
    editions: { id: e.edition_id, title: `The Pillow Book ${e.edition_id.slice(-1)}` },
  };
}

interface ShelfPayload {
  shelf_id?: string;
  shelf_name?: string;
  edition_id: string;
}

export interface WorkBackendOptions {
  work?: Work | Error;
  editions?: EditionSummary[];
  details?: (edition: EditionSummary) => EditionDetails;
  /** Signed in as this reader when given; a visitor otherwise. */
  reader?: ReaderState;
  admin?: boolean;
  sf?: SfAnswers;
}

export function workBackend(options: WorkBackendOptions = {}) {
  const work = options.work ?? makeWork();
  const editions = options.editions ?? [makeEdition(1), makeEdition(2)];
  const details = options.details ?? ((e: EditionSummary) => detailsOf(e));
  const reader = options.reader;
  const byId = (id: string) => editions.find((e) => e.id === id);

  const catalogue: SfAnswers = {
    'work-details': () => {
      if (work instanceof Error) throw work;
      return work;
    },
    'work-editions': () => {
      if (work instanceof Error) throw work;
      return { editions, primary_edition_id: work.primary_edition_id };
    },
    'work-genres': () => ({
      genres: [
        { id: 1, name: 'Classics' },
        { id: 2, name: 'Memoir' },
      ],
    }),
    'edition-details': (p) => {
      const edition = byId((p as { edition_id: string }).edition_id);
      if (!edition) throw notFound('Edition');
      return details(edition);
    },
    // The reviews sections render on every work page; these tests are about the rest of it.
    'work-reviews': () => ({ reviews: [] }),
    // Nobody has liked or finished it alongside another work yet: the section stays hidden.
    'readers-also-enjoyed': () => ({ items: [] }),
  };
  const readerCalls: SfAnswers = reader
    ? {
        'get-profile': () => ({ ...TEST_PROFILE, is_admin: options.admin === true }),
        'reading-events': (p) => {
          const { edition_id, limit } = p as { edition_id?: string; limit: number };
          const events = reader.events
            .map(eventOf)
            .filter((e) => !edition_id || e.edition_id === edition_id)
            .slice(0, limit);
          return { events, next_cursor: null };
        },
        'log-progress-event': (p) => {
          const { edition_id, event_type } = p as { edition_id: string; event_type: ReadingEventType };
          reader.events.unshift({ edition_id, event_type });
          // As the server does in the event's transaction: a start puts the edition on Currently Reading.
          if (event_type === 'start')
            reader.holding[edition_id] = [...new Set(reader.holding[edition_id] ?? []).add(SHELF_CURRENT)];
          return { ok: true, event: eventOf({ edition_id, event_type }, 99) };
        },
        'list-shelves': () =>
          reader.shelves.map((s, i) => ({
            ...s,
            description: null,
            slug: i === 0 ? 'currently-reading' : null,
          })),
        'edition-shelves': (p) => reader.holding[(p as { edition_id: string }).edition_id] ?? [],
        'add-to-shelf': (p) => {
          const { shelf_id, shelf_name, edition_id } = p as ShelfPayload;
          const shelfId = shelf_id ?? reader.shelves.find((s) => s.name === shelf_name)?.id;
          if (!shelfId) throw notFound('Shelf');
          const held = new Set(reader.holding[edition_id] ?? []).add(shelfId);
          reader.holding[edition_id] = [...held];
          return { shelf_id: shelfId };
        },
        'remove-from-shelf': (p) => {
          const { shelf_id, edition_id } = p as ShelfPayload;
          reader.holding[edition_id] = (reader.holding[edition_id] ?? []).filter((id) => id !== shelf_id);
          return { ok: true };
        },
      }
    : {};
  return fakeBackend({
    session: reader ? sessionFor() : null,
    sf: { ...catalogue, ...readerCalls, ...options.sf },
  });
}
