// npm run backup and npm run restore as an operator types them (issue 30), on an embedded DATA_DIR. The
// commands read the same environment whichever database they serve, so they run in the PGlite pass only
// (vitest.config.ts).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../server/backup/restore-backup';
import { writeBackup } from '../../server/backup/write-backup';
import { backupScratch, startLibraryToBackUp } from '../support/backup-library';
import type { BackedUpLibrary } from '../support/backup-library';
import { TEST_SECRET } from '../support/test-app';

const run = promisify(execFile);
const scratch = backupScratch();
const { tempDir, embeddedTarget } = scratch;
let library: BackedUpLibrary;

beforeAll(async () => {
  library = await startLibraryToBackUp(scratch);
}, 300_000);

afterAll(async () => {
  await library?.s.close();
  await scratch.cleanup();
});

describe('the commands', () => {
  it('npm run backup and npm run restore, and restore refuses a data directory in use', async () => {
    const dir = await tempDir();
    const restoredDir = join(dir, 'restored');
    const first = join(dir, 'first.backup');
    await writeBackup({ db: library.s.t.deps.db, config: library.source, file: first });
    await restoreBackup({
      config: {
        ...(await embeddedTarget()),
        dataDir: restoredDir,
        storageDir: join(restoredDir, 'storage'),
      },
      file: first,
    });

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: restoredDir,
      JWT_SECRET: new TextDecoder().decode(TEST_SECRET),
    };
    delete env.DATABASE_URL;
    const second = join(dir, 'second.backup');
    const backedUp = await run('npx', ['tsx', 'scripts/backup.ts', second], { env });
    expect(backedUp.stdout).toMatch(/^Backed up \d+ rows in \d+ tables and 1 files to /);
    await expect(run('npx', ['tsx', 'scripts/restore.ts', second], { env })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`DATA_DIR ${restoredDir} is not empty`),
    });
    const fresh = join(dir, 'fresh');
    const restoredRun = await run('npx', ['tsx', 'scripts/restore.ts', second], {
      env: { ...env, DATA_DIR: fresh },
    });
    expect(restoredRun.stdout).toContain(`into DATA_DIR ${fresh}`);
  }, 240_000);
});
