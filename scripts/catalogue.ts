// `npm run catalogue -- load-openlibrary <authors> <works> <editions>`: loads Open Library's data dumps
// (ol_dump_authors/works/editions_*.txt.gz) into the database the server uses (DATABASE_URL, else the
// embedded database in DATA_DIR; with the embedded database stop the server first: only one process may
// open it at a time). Safe to run again and to interrupt: see server/catalogue-load/load-openlibrary.ts.
import { getPriority, setPriority } from 'node:os';
import { openDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { loadOpenLibraryDump } from '../server/catalogue-load/load-openlibrary';
import type { Progress } from '../server/catalogue-load/progress';

const USAGE = `usage: npm run catalogue -- load-openlibrary <authors.txt.gz> <works.txt.gz> <editions.txt.gz>
  Loads Open Library's dumps (https://openlibrary.org/developers/dumps) into the catalogue: streamed,
  in small transactions, resumable after an interruption, and safe to run again (it updates, never
  duplicates). Works already in the catalogue are matched by ISBN, then by title and first author.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const [command, authors, works, editions, ...rest] = args;
if (command !== 'load-openlibrary' || !authors || !works || !editions || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}

const duration = (seconds: number) =>
  seconds >= 3600
    ? `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`
    : seconds >= 60
      ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`
      : `${Math.round(seconds)} s`;

const show = (p: Progress) =>
  console.log(
    `${p.step}: ${p.records.toLocaleString('en')} records, ${Math.round(p.recordsPerSecond).toLocaleString('en')}/s; ` +
      `${(p.fraction * 100).toFixed(1)}% of the load, ` +
      `${p.secondsLeft === null ? 'time left unknown' : `about ${duration(p.secondsLeft)} left`}`,
  );

// The server comes first on a shared machine: the loader's own parsing runs 10 steps below the priority it
// was started with (relative, so a loader started at a raised priority for a measurement keeps its order
// against the machine's other work).
try {
  setPriority(Math.min(19, getPriority() + 10));
} catch {
  // Not allowed here (some containers): the pauses between batches still leave room.
}
const db = await openDatabase(loadConfig());
let code = 1;
try {
  await migrate(db);
  const s = await loadOpenLibraryDump(db, {
    authors,
    works,
    editions,
    // Dump lines per transaction: smaller holds locks for less time, larger loads faster.
    batchLines: Number(process.env.CATALOGUE_BATCH_LINES ?? 1000),
    // Rest after each batch for this fraction of its time, so the server's readers get the database.
    pauseRatio: Number(process.env.CATALOGUE_PAUSE ?? 0.25),
    onProgress: show,
    progressEveryMs: Number(process.env.CATALOGUE_PROGRESS_MS ?? 2000),
  });
  console.log(
    `Loaded in ${duration(s.seconds)}: ${s.lines.authors} author, ${s.lines.works} work and ${s.lines.editions} ` +
      `edition lines; ${s.matchedByIsbn} works we held matched by ISBN; ${s.placeholders} editions added ` +
      `for works the dump lists none for; ${s.skipped} lines skipped` +
      (s.firstProblem ? ` (first malformed one: ${s.firstProblem})` : '') +
      '.',
  );
  code = 0;
} catch (err) {
  console.error(`load-openlibrary failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await db.close();
}
process.exit(code);
