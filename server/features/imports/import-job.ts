// The worker side of an import (a durable job, server/jobs). The first run reads the file import-library
// kept into the import's rows (read-source.ts). Each run takes the import's pending rows a
// batch at a time, each batch in one transaction, yielding between batches so other readers' requests
// are served; after RUN_BUDGET_MS it queues its own continuation and ends, so no run outlives its lease.
// Everything it needs is in the database: after a restart the job's lease runs out and any instance picks
// it up where the rows say it stopped.
import { clip } from '@shared/domain/library-import/values';
import type { LibraryRecord } from '@shared/domain/library-import/record';
import type { Queryable } from '../../db/db';
import type { AppDeps } from '../../deps';
import type { ClaimedJob, JobHandler } from '../../jobs/job-runner';
import { applyRows } from './apply-rows';
import type { Change } from './changes';
import { recordChanges } from './changes';
import { IMPORT_JOB } from './import-job-kind';
import type { BookMatch } from './match-books';
import { matchBooks } from './match-books';
import { lookUpOpenLibrary } from './open-library-lookup';
import type { OpenLibraryState } from './open-library-lookup';
import { placeShelves } from './place-shelves';
import { readSource } from './read-source';

export interface ImportJobOptions {
  /** Pending rows read at a time. */
  batchSize?: number;
  /**
   * Rows per transaction. Small on purpose: on PGlite every statement takes turns on one connection, so a
   * transaction holds up every other reader for as long as it runs; a few rows keep that to milliseconds.
   */
  txRows?: number;
  /** How long one run works before handing over to a fresh job. */
  runBudgetMs?: number;
  /** Pause after each transaction (0 = one turn of the event loop), more room for other requests. */
  pauseMs?: number;
}

/** A no-op statement slower than this waited behind someone else's work. */
const CONTENDED_MS = 2;
/** Under contention the import pauses this many times its last transaction: about a quarter of the database. */
const CONTENDED_PAUSE_FACTOR = 3;

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'failed';

export function importJob(deps: AppDeps, options: ImportJobOptions = {}): JobHandler {
  const batchSize = options.batchSize ?? 100;
  const txRows = options.txRows ?? 10;
  let lastTxMs = 0;
  const runBudgetMs = options.runBudgetMs ?? 20_000;
  const pauseMs = options.pauseMs ?? 0;

  return async (job: ClaimedJob) => {
    const importId = job.payload['import_id'];
    if (typeof importId !== 'string') throw new Error('a library import job without import_id');
    try {
      await run(importId);
    } catch (err) {
      // The last attempt: the import stops as failed, saying why, instead of staying "running" forever.
      if (job.attempts >= job.maxAttempts) {
        await deps.db.query(
          `update public.imports set state = 'failed', error = $2, finished_at = now(), source_parts = null
           where id = $1 and state in ('queued', 'running')`,
          [importId, clip(`The import stopped: ${describe(err)}`, 2000)],
        );
        return;
      }
      throw err;
    }
  };

  async function run(importId: string): Promise<void> {
    const startedAt = Date.now();
    // The file is read first, while the import still shows as queued (it has no total until then).
    const [unread] = await deps.db.query<{ id: string }>(
      `select id from public.imports
       where id = $1 and state in ('queued', 'running') and undone_at is null and source_parts is not null`,
      [importId],
    );
    if (unread && !(await readSource(deps, importId))) return;
    const [imp] = await deps.db.query<{ user_id: string }>(
      `update public.imports set state = 'running', started_at = coalesce(started_at, now())
       where id = $1 and state in ('queued', 'running') and undone_at is null returning user_id`,
      [importId],
    );
    if (!imp) return; // undone, finished, or gone with its reader
    const userId = imp.user_id;
    const ol: OpenLibraryState = { down: false, nextCallAt: 0 };

    for (;;) {
      const pending = await deps.db.query<{ row: number; record: LibraryRecord }>(
        `select row, record from public.import_rows
         where import_id = $1 and outcome = 'pending' order by row limit $2`,
        [importId, batchSize],
      );
      if (pending.length === 0) {
        await finish(importId, userId);
        return;
      }
      const deadline = startedAt + runBudgetMs;
      const records = pending.map((p) => p.record);
      const { lookedUp, fromOpenLibrary } = await lookUpOpenLibrary(deps, userId, records, ol, deadline);
      for (let i = 0; i < lookedUp.length; i += txRows) {
        const t0 = performance.now();
        await processBatch(importId, userId, lookedUp.slice(i, i + txRows), fromOpenLibrary);
        lastTxMs = performance.now() - t0;
        if (Date.now() > deadline) {
          await deps.jobs.enqueue(deps.db, IMPORT_JOB, { import_id: importId }, { maxAttempts: 50 });
          return;
        }
        await yieldToOthers();
      }
    }
  }

  /**
   * Lets every statement other requests have queued run before the next transaction: a no-op query joins
   * the back of the database's queue (PGlite's one connection serves in order), then the event loop turns
   * so requests that arrived meanwhile are read.
   */
  async function yieldToOthers(): Promise<void> {
    const t0 = performance.now();
    await deps.db.query('select 1');
    // The no-op waited behind other requests' statements: the database is shared right now, so the import
    // takes only part of it, pausing a few times as long as its last transaction ran. Alone, it runs flat out.
    const contended = performance.now() - t0 > CONTENDED_MS;
    const pause = Math.max(pauseMs, contended ? lastTxMs * CONTENDED_PAUSE_FACTOR : 0);
    await new Promise<void>((resolve) => (pause > 0 ? setTimeout(resolve, pause) : setImmediate(resolve)));
  }

  /** One transaction for the batch; if it fails, each row alone, so one bad row fails only itself. */
  async function processBatch(
    importId: string,
    userId: string,
    records: readonly LibraryRecord[],
    fromOpenLibrary: ReadonlySet<string>,
  ): Promise<void> {
    try {
      await deps.db.transaction((tx) => saveRows(tx, importId, userId, records, fromOpenLibrary));
    } catch (err) {
      if (records.length === 1) {
        const r = records[0] as LibraryRecord;
        await deps.db.transaction((tx) =>
          finishRows(tx, importId, [
            {
              row: r.row,
              outcome: 'failed',
              reason: `Could not be saved: ${describe(err)}`,
              work_id: null,
              edition_id: null,
            },
          ]),
        );
        return;
      }
      for (const r of records) await processBatch(importId, userId, [r], fromOpenLibrary);
    }
  }

  async function finish(importId: string, userId: string): Promise<void> {
    await deps.db.transaction(async (tx) => {
      const [locked] = await tx.query<{ state: string }>(
        'select state from public.imports where id = $1 for update',
        [importId],
      );
      if (locked?.state !== 'running') return;
      const problem = await placeShelves(tx, importId, userId);
      await tx.query(
        `update public.imports set state = 'done', finished_at = now(), error = $2 where id = $1`,
        [importId, problem],
      );
    });
  }
}

interface RowResult {
  row: number;
  outcome: 'matched' | 'created' | 'failed';
  reason: string;
  work_id: string | null;
  edition_id: string | null;
}

async function saveRows(
  tx: Queryable,
  importId: string,
  userId: string,
  batch: readonly LibraryRecord[],
  fromOpenLibrary: ReadonlySet<string>,
): Promise<void> {
  const [locked] = await tx.query<{ state: string; format: string }>(
    'select state, format from public.imports where id = $1 for update',
    [importId],
  );
  if (locked?.state !== 'running') return;
  // Only rows still pending: another instance that held this job before its lease ran out may have done some.
  const still = await tx.query<{ row: number }>(
    `select row from public.import_rows where import_id = $1 and row = any($2::int[]) and outcome = 'pending'`,
    [importId, batch.map((r) => r.row)],
  );
  const open = new Set(still.map((s) => s.row));
  const records = batch.filter((r) => open.has(r.row));
  if (records.length === 0) return;
  const changes: Change[] = [];
  const matches: Map<number, BookMatch> = await matchBooks(tx, userId, records, fromOpenLibrary, changes);
  // Goodreads and StoryGraph give dates of reads, not logs: their events are marked as such (0098).
  const datedReads = locked.format !== 'shelfwise';
  const { notes } = await applyRows(tx, userId, records, matches, changes, datedReads);
  const results: RowResult[] = records.map((r) => {
    const m = matches.get(r.row) as BookMatch;
    const said = [m.reason, ...(notes.get(r.row) ?? [])];
    return {
      row: r.row,
      outcome: m.outcome,
      reason: said.join('; '),
      work_id: m.workId,
      edition_id: m.editionId,
    };
  });
  await recordChanges(tx, importId, changes);
  await finishRows(tx, importId, results);
}

async function finishRows(tx: Queryable, importId: string, results: readonly RowResult[]): Promise<void> {
  await tx.query(
    `update public.import_rows r
        set outcome = x.outcome, reason = x.reason, work_id = x.work_id, edition_id = x.edition_id
     from jsonb_to_recordset($2::jsonb) as x(row int, outcome text, reason text, work_id uuid, edition_id uuid)
     where r.import_id = $1 and r.row = x.row and r.outcome = 'pending'`,
    [importId, JSON.stringify(results)],
  );
  const count = (o: string) => results.filter((r) => r.outcome === o).length;
  await tx.query(
    `update public.imports set processed = processed + $2, matched = matched + $3, created = created + $4,
            failed = failed + $5
     where id = $1`,
    [importId, results.length, count('matched'), count('created'), count('failed')],
  );
}
