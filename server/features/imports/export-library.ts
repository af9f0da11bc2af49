// export-library: the reader's whole library as LibraryRecords (one per edition they shelved, logged or
// reviewed), written by the format's writer in shared/domain/library-import, the same code whose readers
// the importer uses, so every export can be imported back.
import { EXPORT_CONTENT_TYPES } from '@shared/api/imports';
import type { ImportFormat } from '@shared/api/imports';
import { writeGoodreads } from '@shared/domain/library-import/goodreads';
import type {
  BookStatus,
  ImportEvent,
  ImportGoal,
  ImportShelf,
  LibraryRecord,
} from '@shared/domain/library-import/record';
import { writeShelfwise } from '@shared/domain/library-import/shelfwise';
import { writeStoryGraph } from '@shared/domain/library-import/storygraph';
import type { ReadingEventType } from '@shared/domain/reading-state';
import { isbn13To10 } from '@shared/domain/isbn';
import type { Queryable } from '../../db/db';

export async function exportLibrary(
  q: Queryable,
  userId: string,
  format: ImportFormat,
  now: Date,
): Promise<{ file_name: string; content_type: string; content: string }> {
  // Only our own file can say who sees a shelf item; the others carry the shelves as the reader sees them.
  const library = await loadLibrary(q, userId, format === 'shelfwise');
  const day = now.toISOString().slice(0, 10);
  const content =
    format === 'goodreads'
      ? writeGoodreads(library.records, (r) => r.key.replace(/^shelfwise:/, ''))
      : format === 'storygraph'
        ? writeStoryGraph(library.records)
        : writeShelfwise({ ...library, exportedAt: now.toISOString() });
  const extension = format === 'shelfwise' ? 'json' : 'csv';
  return {
    file_name: `shelfwise-${format}-export-${day}.${extension}`,
    content_type: EXPORT_CONTENT_TYPES[format],
    content,
  };
}

interface Library {
  username: string;
  profile: { first_name: string | null; last_name: string | null };
  shelves: ImportShelf[];
  goals: ImportGoal[];
  records: LibraryRecord[];
}

async function loadLibrary(q: Queryable, userId: string, withVisibility: boolean): Promise<Library> {
  const [profile] = await q.query<{ username: string; first_name: string | null; last_name: string | null }>(
    'select username, first_name, last_name from public.profiles where id = $1',
    [userId],
  );
  const shelves = await q.query<{
    id: string;
    slug: string | null;
    name: string;
    description: string | null;
  }>(
    'select id, slug, name, description from public.shelves where user_id = $1 order by slug nulls last, lower(name)',
    [userId],
  );
  const items = await q.query<{
    shelf_id: string;
    edition_id: string;
    work_id: string;
    added_at: string;
    position: number;
    owner_visible: boolean;
    published_at: string | null;
  }>(
    `select si.shelf_id, si.edition_id, si.work_id, si.added_at, si.owner_visible, si.published_at,
            row_number() over (partition by si.shelf_id order by si.sort_key)::int as position
     from public.shelf_items si join public.shelves s on s.id = si.shelf_id
     where s.user_id = $1 and ($2 or si.owner_visible)`,
    [userId, withVisibility],
  );
  const events = await q.query<{
    edition_id: string;
    work_id: string;
    event_type: ReadingEventType;
    created_at: string;
    start_page: number | null;
    end_page: number | null;
    start_percent: number | null;
    end_percent: number | null;
    journal_md: string | null;
    is_public: boolean;
    updated_at: string;
  }>(
    `select edition_id, work_id, event_type, created_at, start_page, end_page, start_percent, end_percent,
            journal_md, is_public, updated_at
     from public.reading_progress_events where user_id = $1 order by created_at, id`,
    [userId],
  );
  const reviews = await q.query<{
    work_id: string;
    edition_id: string | null;
    rating: number;
    headline: string;
    review_body: string | null;
    spoiler: boolean;
    tone_q: number | null;
    pace_q: number | null;
    recommend_yes: boolean | null;
    story_focus_q: number | null;
    moods: number[];
    qualities: number[];
    content_warnings: Record<string, number>;
    created_at: string;
    updated_at: string;
  }>('select * from public.reviews where user_id = $1 order by created_at', [userId]);
  const goals = await q.query<ImportGoal>(
    'select goal_year, goal_type, target_qty from public.reading_goals where user_id = $1 order by goal_year, goal_type',
    [userId],
  );

  // Every edition the reader has touched; a review of a work they never shelved rides on its edition.
  const editionIds = new Set<string>([...items.map((i) => i.edition_id), ...events.map((e) => e.edition_id)]);
  const workOfEdition = new Map<string, string>();
  for (const i of items) workOfEdition.set(i.edition_id, i.work_id);
  for (const e of events) workOfEdition.set(e.edition_id, e.work_id);
  const reviewHome = new Map<string, string>(); // work → edition whose record carries the review
  const needPrimary: string[] = [];
  for (const r of reviews) {
    const onShelf = [...editionIds].find((id) => workOfEdition.get(id) === r.work_id);
    const home =
      (r.edition_id && editionIds.has(r.edition_id) ? r.edition_id : undefined) ?? onShelf ?? r.edition_id;
    if (home) {
      reviewHome.set(r.work_id, home);
      editionIds.add(home);
    } else needPrimary.push(r.work_id);
  }
  if (needPrimary.length > 0) {
    const primaries = await q.query<{ work_id: string; edition_id: string }>(
      `select w.id as work_id, coalesce(w.primary_edition_id,
              (select e.id from public.editions e where e.work_id = w.id order by e.created_at limit 1)) as edition_id
       from public.works w where w.id = any($1::uuid[])`,
      [needPrimary],
    );
    for (const p of primaries) {
      if (!p.edition_id) continue;
      reviewHome.set(p.work_id, p.edition_id);
      editionIds.add(p.edition_id);
    }
  }

  const editions = await q.query<{
    id: string;
    work_id: string;
    title: string;
    isbn: string | null;
    publisher: string | null;
    page_count: number | null;
    format: string | null;
    year: number | null;
    authors: string[];
  }>(
    `select e.id, e.work_id, e.title, e.isbn, e.publisher, e.page_count, e.format,
            extract(year from coalesce(w.date, e.date))::int as year,
            coalesce(
              (select array_agg(a.name order by ea.position, a.name) from public.edition_authors ea
               join public.authors a on a.id = ea.author_id where ea.edition_id = e.id),
              (select array_agg(a.name order by wa.position, a.name) from public.work_authors wa
               join public.authors a on a.id = wa.author_id where wa.work_id = e.work_id),
              '{}') as authors
     from public.editions e join public.works w on w.id = e.work_id
     where e.id = any($1::uuid[])`,
    [[...editionIds]],
  );

  const shelfById = new Map(shelves.map((s) => [s.id, s]));
  const shelfOrder = new Map(shelves.map((s, i) => [s.id, i]));
  const records: LibraryRecord[] = editions.map((e) => {
    const own = items.filter((i) => i.edition_id === e.id);
    const seen = own.filter((i) => i.owner_visible);
    const history: ImportEvent[] = events
      .filter((ev) => ev.edition_id === e.id)
      .map((ev) => ({
        type: ev.event_type,
        at: ev.created_at,
        start_page: ev.start_page,
        end_page: ev.end_page,
        start_percent: ev.start_percent,
        end_percent: ev.end_percent,
        journal_md: ev.journal_md,
        is_public: ev.is_public,
        ...(withVisibility ? { updated_at: ev.updated_at } : {}),
      }));
    const review = reviews.find((r) => reviewHome.get(r.work_id) === e.id);
    const slugs = new Set(seen.map((i) => shelfById.get(i.shelf_id)?.slug).filter(Boolean));
    const added = seen.map((i) => i.added_at).sort()[0] ?? null;
    return {
      row: 0,
      key: `shelfwise:${e.id}`,
      title: e.title,
      authors: e.authors,
      isbn13: e.isbn,
      isbn10: e.isbn ? isbn13To10(e.isbn) : null,
      publisher: e.publisher,
      pages: e.page_count,
      year: e.year,
      format: e.format,
      status: statusOf(history[history.length - 1]?.type ?? null, slugs),
      shelves: [...own]
        .sort((a, b) => shelfOrder.get(a.shelf_id)! - shelfOrder.get(b.shelf_id)!)
        .map((i) => {
          const shelf = shelfById.get(i.shelf_id);
          const placement = { slug: shelf?.slug ?? null, name: shelf?.name ?? '', position: i.position };
          return withVisibility
            ? {
                ...placement,
                added_at: i.added_at,
                owner_visible: i.owner_visible,
                published_at: i.published_at,
              }
            : placement;
        }),
      events: history,
      review: review
        ? {
            rating: review.rating,
            headline: review.headline,
            review_body: review.review_body,
            spoiler: review.spoiler,
            tone: review.tone_q,
            pace: review.pace_q,
            story_focus: review.story_focus_q,
            recommend: review.recommend_yes,
            mood_ids: review.moods,
            quality_ids: review.qualities,
            content_warnings: review.content_warnings,
            created_at: review.created_at,
            ...(withVisibility ? { updated_at: review.updated_at } : {}),
          }
        : null,
      added_at: added,
      notes: [],
      problem: null,
    };
  });
  const firstSeen = (r: LibraryRecord) => [r.added_at, r.events[0]?.at].filter(Boolean).sort()[0] ?? '';
  records.sort((a, b) => firstSeen(a).localeCompare(firstSeen(b)) || a.title.localeCompare(b.title));
  records.forEach((r, i) => (r.row = i + 1));

  return {
    username: profile?.username ?? '',
    profile: { first_name: profile?.first_name ?? null, last_name: profile?.last_name ?? null },
    shelves: shelves.map((s) => ({ slug: s.slug, name: s.name, description: s.description })),
    goals,
    records,
  };
}

/** The status a Goodreads/StoryGraph row needs: from the latest reading event, else from the shelves. */
function statusOf(latest: ReadingEventType | null, slugs: Set<string | null | undefined>): BookStatus | null {
  if (latest === 'finish') return 'read';
  if (latest === 'dnf') return 'dnf';
  if (latest === 'pause') return 'paused';
  if (latest !== null) return 'currently-reading';
  if (slugs.has('currently-reading')) return 'currently-reading';
  if (slugs.has('read')) return 'read';
  if (slugs.has('to-be-read')) return 'to-read';
  return null;
}
