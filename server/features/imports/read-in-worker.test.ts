import { describe, expect, it } from 'vitest';
import { TOO_MANY_ROWS_MESSAGE } from '@shared/api/imports';
import type { StagedRow } from './staged-rows';
import { readInWorker } from './read-in-worker';

const HEADER = 'Book Id,Title,Author,Exclusive Shelf';

async function read(content: string, skipRows = 0, batchSize = 2) {
  const batches: StagedRow[][] = [];
  const outcome = await readInWorker(
    { parts: [content], format: 'goodreads', skipRows, batchSize },
    async (json) => {
      batches.push(JSON.parse(json) as StagedRow[]);
    },
  );
  return { outcome, batches };
}

describe('readInWorker', () => {
  it('hands the staged rows over a batch at a time, repeats and untitled rows already ended', async () => {
    const { outcome, batches } = await read(
      `${HEADER}\n1,A,Ann,read\n2,,Bo,read\n1,A,Ann,read\n3,C,Cy,to-read\n`,
    );
    expect(outcome).toEqual({ extras: JSON.stringify({ shelves: [], goals: [], profile: null }) });
    expect(batches.map((b) => b.map((r) => [r.row, r.title, r.outcome, r.reason]))).toEqual([
      [
        [1, 'A', 'pending', null],
        [2, '(no title)', 'failed', 'The row has no title.'],
      ],
      [
        [3, 'A', 'skipped', 'Duplicate of row 1'],
        [4, 'C', 'pending', null],
      ],
    ]);
  });

  it('sends only the rows after those an earlier attempt stored, judging repeats against all of them', async () => {
    const { batches } = await read(`${HEADER}\n1,A,Ann,read\n2,B,Bo,read\n1,A,Ann,read\n`, 2);
    expect(batches.flat().map((r) => [r.row, r.outcome])).toEqual([[3, 'skipped']]);
  });

  it('answers why a file cannot be read, without sending a row', async () => {
    const { outcome, batches } = await read(`${HEADER}\n${'1,A,Ann,read\n'.repeat(100_001)}`);
    expect(outcome).toEqual({ problem: TOO_MANY_ROWS_MESSAGE });
    expect(batches).toEqual([]);
  });

  it('refuses a Shelfwise file of over a million books as too many rows, without building them', async () => {
    // 20 MB of tiny books: parsed whole, some hundreds of MB, more than the worker's heap.
    const content = `{"kind":"shelfwise-library","version":1,"books":[${'{"title":"t"},'.repeat(1_400_000)}{"title":"t"}]}`;
    const outcome = await readInWorker(
      { parts: [content], format: 'shelfwise', skipRows: 0, batchSize: 100 },
      async () => {},
    );
    expect(outcome).toEqual({ problem: TOO_MANY_ROWS_MESSAGE });
  });

  it('refuses a Shelfwise book that holds more values than any real one', async () => {
    const content = `{"kind":"shelfwise-library","version":1,"books":[{"title":"x","authors":[${'1,'.repeat(1_000_001)}1]}]}`;
    const outcome = await readInWorker(
      { parts: [content], format: 'shelfwise', skipRows: 0, batchSize: 100 },
      async () => {},
    );
    expect(outcome).toEqual({
      problem:
        'This is not a Shelfwise library file we can read: one of its parts holds more than 1,000,000 values.',
    });
  });
});
