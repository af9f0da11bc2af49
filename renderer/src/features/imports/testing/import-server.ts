// A stand-in for the import endpoints in component tests: imports whose state the test moves along
// (queued, running, done), rows filtered and paged as import-status answers them, and every call recorded
// through the fake Backend's spies. It answers in the contract's own shapes (shared/api/imports.ts).
import type { ImportRow, ImportStatus, ImportSummary } from '@shared/api/imports';
import type { SfAnswers } from '../../../testing/fake-backend';
import { SfError } from '../../../platform/errors';

export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const GOODREADS_HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,' +
  'Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,' +
  'Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

/** A two-book Goodreads export: one read and rated with an ISBN, one to-read with none. */
export const GOODREADS_CSV = [
  GOODREADS_HEADER,
  '1,Persuasion,Jane Austen,"Austen, Jane",,"=""0141439688""","=""9780141439686""",4,4.14,Penguin,' +
    'Paperback,249,2003,1817,2024/03/02,2024/01/15,"classics","classics (#3)",read,,,,1,0',
  '2,A Book Without Numbers,Nobody Known,"Known, Nobody",,"=""""","=""""",0,3.50,,Paperback,,,,,' +
    '2024/02/01,,,to-read,,,,0,0',
].join('\r\n');

export function summary(overrides: Partial<ImportSummary> = {}): ImportSummary {
  return {
    import_id: uuid(1),
    file_name: 'goodreads_library_export.csv',
    format: 'goodreads',
    state: 'done',
    total: 0,
    processed: 0,
    matched: 0,
    created: 0,
    skipped: 0,
    failed: 0,
    created_at: '2026-11-20T10:00:00.000Z',
    started_at: null,
    finished_at: null,
    undone_at: null,
    error: null,
    ...overrides,
  };
}

export const REPORT_ROWS: ImportRow[] = [
  {
    row: 1,
    title: 'Persuasion',
    author: 'Jane Austen',
    outcome: 'matched',
    reason: 'ISBN-13 in the catalogue',
    work_id: uuid(101),
  },
  {
    row: 2,
    title: 'A Book Without Numbers',
    author: 'Nobody Known',
    outcome: 'created',
    reason: null,
    work_id: uuid(102),
  },
  {
    row: 3,
    title: 'Persuasion',
    author: 'Jane Austen',
    outcome: 'skipped',
    reason: 'Duplicate of row 1',
    work_id: uuid(101),
  },
  { row: 4, title: '', author: null, outcome: 'failed', reason: 'The row has no title', work_id: null },
];

/** The import endpoints over a list of imports the test owns; `advance` moves one through its states. */
export function importServer(initial: ImportSummary[] = [], rows: ImportRow[] = REPORT_ROWS) {
  // Copies, so one test's changes never reach the next test's imports.
  const imports = initial.map((i) => ({ ...i }));
  const find = (importId: string) => {
    const found = imports.find((i) => i.import_id === importId);
    if (!found) throw new SfError({ status: 404, code: 'not_found', error: 'Import not found' });
    return found;
  };
  const update = (importId: string, changes: Partial<ImportSummary>) => {
    Object.assign(find(importId), changes);
  };

  const answers: SfAnswers = {
    'list-imports': ({ before, limit = 20 }) =>
      imports
        .filter((i) => !before || i.created_at < before)
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .slice(0, limit)
        .map((i) => ({ ...i })),
    'import-status': ({ import_id, outcome, after_row, limit = 100 }): ImportStatus => {
      const found = find(import_id);
      const matching = rows.filter((r) => (!outcome || r.outcome === outcome) && r.row > (after_row ?? 0));
      const page = found.state === 'done' ? matching.slice(0, limit) : [];
      return {
        ...found,
        rows: page,
        next_after_row: matching.length > page.length && page.length > 0 ? page.at(-1)!.row : null,
      };
    },
    'import-library': ({ file_name, format }) => {
      const import_id = uuid(imports.length + 1);
      imports.push(
        summary({
          import_id,
          file_name,
          format: format === 'auto' || !format ? 'goodreads' : format,
          state: 'queued',
          created_at: new Date(Date.UTC(2026, 10, 21 + imports.length)).toISOString(),
        }),
      );
      return { import_id };
    },
    'retry-import-rows': ({ import_id }) => {
      const found = find(import_id);
      const queued = found.failed;
      update(import_id, { state: 'queued', processed: found.processed - queued, failed: 0 });
      return { import_id, queued };
    },
    'undo-import': ({ import_id }) => {
      update(import_id, { undone_at: '2026-11-22T09:00:00.000Z' });
      return { ok: true };
    },
  };
  return { answers, imports, update };
}
