// Open Library by ISBN for rows our catalogue lacks, through the existing importer (its client is polite:
// User-Agent, cache). Calls are spaced to at most OL_CALLS_PER_SECOND, and the first failure to reach it
// marks it down for the rest of the run, so an unreachable Open Library costs one refused call and the
// rows fall through to title matching and creation from the file. An ISBN only a reader's unverified work
// holds is looked up too: Open Library knowing it verifies that work (catalogue/importer.ts).
import type { LibraryRecord } from '@shared/domain/library-import/record';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { VERIFIED_WORK_SQL } from '../catalogue/visibility';
import { isbnCandidates } from './match-books';
import { titleMatcher } from './match-title';

export const OL_CALLS_PER_SECOND = 3;

export interface OpenLibraryState {
  down: boolean;
  nextCallAt: number;
}

/**
 * Looks up the batch's unknown ISBNs. Answers the records that were fully looked up (a batch is cut short
 * when the run's time is spent; the rest wait for the next run) and the ISBN-13s Open Library supplied.
 */
export async function lookUpOpenLibrary(
  deps: Pick<AppDeps, 'db' | 'catalogue'>,
  userId: string,
  records: readonly LibraryRecord[],
  state: OpenLibraryState,
  deadline: number,
): Promise<{ lookedUp: LibraryRecord[]; fromOpenLibrary: Set<string> }> {
  const fromOpenLibrary = new Set<string>();
  if (state.down) return { lookedUp: [...records], fromOpenLibrary };
  const wanted = [...new Set(records.flatMap(isbnCandidates))];
  const known = await deps.db.query<{ isbn: string }>(
    `select e.isbn from public.editions e join public.works w on w.id = e.work_id
     where e.isbn = any($1::text[]) and ${VERIFIED_WORK_SQL('w')}`,
    [wanted],
  );
  const inCatalogue = new Set(known.map((k) => k.isbn));
  // A book the catalogue holds under its title and author is matched so (match-books.ts) rather than looked
  // up: Open Library would add its own work for another edition's ISBN beside ours, a duplicate (issue 26).
  // A reader's own unverified work is still looked up, so that Open Library can verify it.
  const byTitle = await titleMatcher(deps.db, userId, records);
  const lookedUp: LibraryRecord[] = [];
  for (const r of records) {
    const candidates = isbnCandidates(r);
    const first = candidates[0];
    if (state.down || !first || candidates.some((c) => inCatalogue.has(c)) || byTitle(r)?.verified) {
      lookedUp.push(r);
      continue;
    }
    if (Date.now() > deadline && lookedUp.length > 0) break;
    const wait = state.nextCallAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    state.nextCallAt = Date.now() + 1000 / OL_CALLS_PER_SECOND;
    try {
      const workId = await deps.catalogue.importIsbn(first);
      if (workId) {
        fromOpenLibrary.add(first);
        inCatalogue.add(first);
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      state.down = true;
    }
    lookedUp.push(r);
  }
  return { lookedUp, fromOpenLibrary };
}
