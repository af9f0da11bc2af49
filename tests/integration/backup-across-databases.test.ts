// A backup moves between PostgreSQL and the embedded database, both ways, exactly (issue 30). It needs the
// PostgreSQL at DATABASE_URL, so it runs in the PostgreSQL pass only (vitest.config.ts).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/bootstrap';
import { restoreBackup } from '../../server/backup/restore-backup';
import { writeBackup } from '../../server/backup/write-backup';
import {
  backupScratch,
  fingerprintOf,
  restoredFingerprint,
  startLibraryToBackUp,
} from '../support/backup-library';
import type { BackedUpLibrary, Fingerprint } from '../support/backup-library';

const scratch = backupScratch();
const { tempDir, embeddedTarget, postgresTarget } = scratch;
let library: BackedUpLibrary;
let file: string;
let original: Fingerprint;

beforeAll(async () => {
  library = await startLibraryToBackUp(scratch);
  file = join(await tempDir(), 'shelfwise.backup');
  original = await fingerprintOf(library.s.t.deps.db, library.source);
  await writeBackup({ db: library.s.t.deps.db, config: library.source, file });
}, 300_000);

afterAll(async () => {
  await library?.s.close();
  await scratch.cleanup();
});

describe('a backup between the two kinds of database', () => {
  it('moves between PostgreSQL and the embedded database both ways', async () => {
    const embedded = await embeddedTarget();
    await restoreBackup({ config: embedded, file });
    expect(await restoredFingerprint(embedded)).toEqual(original);

    const again = join(await tempDir(), 'from-embedded.backup');
    const db = await openDatabase(embedded);
    await writeBackup({ db, config: embedded, file: again });
    await db.close();
    const postgres = await postgresTarget();
    await restoreBackup({ config: postgres, file: again });
    expect(await restoredFingerprint(postgres)).toEqual(original);
  }, 240_000);
});
