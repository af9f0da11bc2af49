// `npm run catalogue -- load-openlibrary <authors> <works> <editions>`: Open Library's dumps into the
// catalogue. Each file is streamed and written in small transactions (one batch of lines and its checkpoint
// each), so the server keeps answering during a load and a killed load resumes after its last commit.
// Every write is an upsert by Open Library key that skips records of a revision already loaded, so running
// a load again changes nothing but what the dump changed. Steps: authors; matching the works we hold by
// ISBN (one pass over the editions file); works (matching the rest by title and first author); editions;
// an edition for each loaded work the dump lists none for, so every work can be shelved.
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Queryable } from '../db/db';
import { isUniqueViolation } from '../db/unique-violation';
import type { DumpLine } from '../metadata/openlibrary-dump';
import {
  DumpLineError,
  isbnsOfEditionLine,
  parseDumpLine,
  readAuthor,
  readEdition,
  readWork,
} from '../metadata/openlibrary-dump';
import type { Checkpoint, LoadStep } from './checkpoints';
import { clearCheckpoints, readCheckpoints, saveCheckpoint } from './checkpoints';
import type { DumpFile } from './dump-reader';
import { openDumpFile, readDumpLines } from './dump-reader';
import { loadUnmatchedWorks } from './unmatched-works';
import { writeAuthors } from './write-authors';
import { giveKeys, writeWorks } from './write-works';
import { writeEditions } from './write-editions';
import { addPlaceholderEditions } from './placeholder-editions';
import type { Progress } from './progress';
import { ProgressMeter } from './progress';

export interface LoadOptions {
  authors: string;
  works: string;
  editions: string;
  /** Dump lines per transaction. */
  batchLines?: number;
  /**
   * After each batch, rest this many times as long as the batch took (0.25: a quarter), so the database's
   * other readers get the machine between batches. 0 loads as fast as it can.
   */
  pauseRatio?: number;
  onProgress?: (progress: Progress) => void;
  /** How often onProgress is called, in ms. */
  progressEveryMs?: number;
}

export interface LoadSummary {
  lines: Record<Exclude<LoadStep, 'match'>, number>;
  /** Lines that were not records the catalogue can hold (redirect stubs, records without a title...). */
  skipped: number;
  /** The first malformed line, if any (a load goes on past one). */
  firstProblem: string | null;
  matchedByIsbn: number;
  placeholders: number;
  seconds: number;
}

const EXPECTED_TYPE = { authors: '/type/author', works: '/type/work', editions: '/type/edition' } as const;

/** The files, checked before anything is written: there, gzip, and each the dump it is given as. */
async function openFiles(options: LoadOptions): Promise<Record<'authors' | 'works' | 'editions', DumpFile>> {
  const files = {
    authors: await openDumpFile(options.authors),
    works: await openDumpFile(options.works),
    editions: await openDumpFile(options.editions),
  };
  for (const role of ['authors', 'works', 'editions'] as const) {
    const reader = readDumpLines(files[role]);
    let first: DumpLine | null = null;
    try {
      for await (const line of reader.lines) {
        if (!line) continue;
        try {
          first = parseDumpLine(line);
        } catch (err) {
          if (!(err instanceof DumpLineError)) throw err;
          throw new Error(`${files[role].path}: not an Open Library dump (${err.message})`);
        }
        break;
      }
    } finally {
      reader.close();
    }
    if (first && first.type !== EXPECTED_TYPE[role]) {
      throw new Error(
        `${files[role].path}: not Open Library's ${role} dump (its first record is ${first.type.slice(0, 40)})`,
      );
    }
  }
  return files;
}

export async function loadOpenLibraryDump(db: Db, options: LoadOptions): Promise<LoadSummary> {
  const files = await openFiles(options);
  const fingerprint = JSON.stringify(
    Object.values(files).map((f) => [resolve(f.path), f.size, Math.round(f.mtimeMs)]),
  );
  const checkpoints = await readCheckpoints(db, fingerprint);
  const batchLines = options.batchLines ?? 1000;
  const pauseRatio = options.pauseRatio ?? 0;
  const meter = new ProgressMeter(
    files.authors.size + files.editions.size + files.works.size + files.editions.size,
    options.onProgress,
    options.progressEveryMs ?? 2000,
  );
  const summary: LoadSummary = {
    lines: { authors: 0, works: 0, editions: 0 },
    skipped: 0,
    firstProblem: null,
    matchedByIsbn: 0,
    placeholders: 0,
    seconds: 0,
  };
  const started = performance.now();

  /** Streams one file through `write` in batches, each committed with its checkpoint. */
  async function runStep<T>(
    step: Exclude<LoadStep, 'match'>,
    file: DumpFile,
    read: (line: DumpLine) => T | null,
    write: (tx: Queryable, batch: T[]) => Promise<unknown>,
  ) {
    const at: Checkpoint = checkpoints.get(step) ?? { linesDone: 0, done: false };
    if (at.done) {
      meter.skipFile(file.size);
      return;
    }
    const reader = readDumpLines(file);
    let lineNo = 0;
    let batch: T[] = [];
    let batchEnd = at.linesDone;
    let batchStart = at.linesDone;
    // One batch is in the database while the next is read and parsed (the loader and its database
    // connection each keep a core busy); batches still commit one at a time, in order, each with its
    // checkpoint, so a resume point never passes a batch that did not commit.
    let writing: Promise<void> = Promise.resolve();
    const send = async (records: T[], end: number) => {
      const began = performance.now();
      await inTransaction(db, async (tx) => {
        await write(tx, records);
        await saveCheckpoint(tx, fingerprint, step, end);
      });
      meter.records(step, records.length);
      if (pauseRatio > 0) await sleep((performance.now() - began) * pauseRatio);
    };
    const commit = async () => {
      const records = batch;
      const end = batchEnd;
      batch = [];
      batchStart = end;
      await writing;
      writing = send(records, end);
      // Awaited before the next batch or at the end; until then a failure must not count as unhandled.
      writing.catch(() => undefined);
    };
    try {
      for await (const line of reader.lines) {
        lineNo += 1;
        if (lineNo <= at.linesDone) continue; // committed by an earlier run
        const record = readLine(line, lineNo, read);
        if (record) batch.push(record);
        batchEnd = lineNo;
        if (batchEnd - batchStart >= batchLines) await commit();
        meter.at(step, reader.bytesRead());
      }
      await commit();
      await writing;
      await saveCheckpoint(db, fingerprint, step, lineNo, true);
      summary.lines[step] = lineNo;
    } finally {
      await writing.catch(() => undefined);
      reader.close();
      meter.fileDone(file.size);
    }
  }

  function readLine<T>(line: string, lineNo: number, read: (line: DumpLine) => T | null): T | null {
    if (!line) return null;
    try {
      const record = read(parseDumpLine(line));
      if (!record) summary.skipped += 1;
      return record;
    } catch (err) {
      if (!(err instanceof DumpLineError)) throw err;
      summary.skipped += 1;
      summary.firstProblem ??= `line ${lineNo}: ${err.message}`;
      return null;
    }
  }

  await runStep('authors', files.authors, readAuthor, writeAuthors);
  await matchByIsbn();
  const unmatched = await loadUnmatchedWorks(db);
  await runStep('works', files.works, readWork, (tx, batch) => writeWorks(tx, batch, unmatched));
  await runStep('editions', files.editions, readEdition, writeEditions);
  summary.placeholders = await addPlaceholderEditions(db);
  await clearCheckpoints(db);
  meter.finish();
  summary.seconds = (performance.now() - started) / 1000;
  return summary;

  /**
   * The works we hold without a key whose editions' ISBNs an Open Library edition lists take that
   * edition's work key, before the works are loaded, so the load updates them instead of adding a copy.
   */
  async function matchByIsbn() {
    if (checkpoints.get('match')?.done) {
      meter.skipFile(files.editions.size);
      return;
    }
    const held = await db.query<{ isbn: string; work_id: string }>(
      `select e.isbn, e.work_id from public.editions e join public.works w on w.id = e.work_id
       where w.ol_key is null and e.isbn is not null`,
    );
    const workOfIsbn = new Map(held.map((r) => [r.isbn, r.work_id]));
    const matches = new Map<string, string>();
    let lineNo = 0;
    if (workOfIsbn.size > 0) {
      const reader = readDumpLines(files.editions);
      try {
        for await (const line of reader.lines) {
          lineNo += 1;
          meter.at('match', reader.bytesRead());
          const hit = isbnsOfEditionLine(line).find((isbn) => workOfIsbn.has(isbn));
          if (!hit) continue;
          const edition = readMatchedEdition(line);
          const workId = workOfIsbn.get(hit) as string;
          if (edition && !matches.has(workId)) matches.set(workId, edition.workKey);
        }
      } finally {
        reader.close();
      }
    }
    meter.fileDone(files.editions.size);
    const pairs = [...matches].map(([id, key]) => ({ id, key }));
    await inTransaction(db, async (tx) => {
      if (pairs.length > 0) await giveKeys(tx, pairs);
      await saveCheckpoint(tx, fingerprint, 'match', lineNo, true);
    });
    summary.matchedByIsbn = pairs.length;
  }
}

/** Malformed lines are counted by the editions step, which reads them all again. */
function readMatchedEdition(line: string) {
  try {
    return readEdition(parseDumpLine(line));
  } catch (err) {
    if (err instanceof DumpLineError) return null;
    throw err;
  }
}

/**
 * One batch and its checkpoint. On PostgreSQL, committed without waiting for the WAL flush
 * (synchronous_commit off, this transaction only): a database crash can then lose the last few batches, but
 * each takes its checkpoint with it, so the next run resumes before them and nothing is half-loaded, and a
 * killed loader loses nothing (the server flushes on its own within a moment). Embedded PGlite runs inside
 * the loader, so killing the loader crashes the database: there each commit is flushed. Tried again when a
 * concurrent writer took a unique value (an ISBN, a key) between check and write.
 */
async function inTransaction(db: Db, fn: (tx: Queryable) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        if (db.kind === 'postgres') {
          await tx.query('set local synchronous_commit = off');
          // A batch's set-based statements (credits, name lists, ISBN checks) hash and sort more than
          // the server's default allows each operation; this transaction's own memory, not the server's.
          await tx.query("set local work_mem = '64MB'");
        }
        await fn(tx);
      });
      return;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt === 3) throw err;
    }
  }
}
