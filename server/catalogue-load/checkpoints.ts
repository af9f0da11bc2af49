// Where a load stands (migration 0125): the lines of each step's file committed so far. Written in the same
// transaction as the batch it counts, so after a kill the load resumes exactly after its last commit.
import type { Queryable } from '../db/db';

export type LoadStep = 'match' | 'authors' | 'works' | 'editions';

export interface Checkpoint {
  linesDone: number;
  done: boolean;
}

/** The checkpoints of this load's files; a checkpoint left by a load of other files is forgotten. */
export async function readCheckpoints(db: Queryable, files: string): Promise<Map<LoadStep, Checkpoint>> {
  await db.query('delete from public.catalogue_load_checkpoints where files <> $1', [files]);
  const rows = await db.query<{ step: LoadStep; lines_done: string | number; done: boolean }>(
    'select step, lines_done, done from public.catalogue_load_checkpoints',
  );
  return new Map(rows.map((r) => [r.step, { linesDone: Number(r.lines_done), done: r.done }]));
}

export async function saveCheckpoint(
  tx: Queryable,
  files: string,
  step: LoadStep,
  linesDone: number,
  done = false,
): Promise<void> {
  await tx.query(
    `insert into public.catalogue_load_checkpoints (step, files, lines_done, done) values ($1, $2, $3, $4)
     on conflict (step) do update set files = excluded.files, lines_done = excluded.lines_done,
                                      done = excluded.done, updated_at = now()`,
    [step, files, linesDone, done],
  );
}

/** The load finished: the next run of the same files goes through them again (and changes nothing). */
export async function clearCheckpoints(db: Queryable): Promise<void> {
  await db.query('delete from public.catalogue_load_checkpoints');
}
