// SERVER_WORKERS > 1: the primary process of a node:cluster. It serves nothing itself; it starts that many
// serving processes on the one port (the cluster module shares the listening socket), starts again one that
// dies unexpectedly, and on SIGTERM/SIGINT stops them all before it exits. The database is migrated and
// seeded, and the JWT secret file created, before any worker starts, so the workers never race to do it.
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';

/** A worker that dies within this long of its start is failing to start: restarting it would only spin. */
const STARTING_MS = 10_000;

/** stopGraceMs: how long the workers may take to drain before the primary exits without them. */
export function superviseWorkers(count: number, stopGraceMs: number): void {
  let stopping = false;
  let exitCode = 0;
  const startedAt = new Map<number, number>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    const ranFor = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (ranFor < STARTING_MS) {
      // The others would fail the same way; stop them rather than serve at a fraction of the capacity asked.
      console.error(`A serving process exited with ${how} while starting. Stopping.`);
      void stop('worker start failure', 1);
      return;
    }
    console.error(`A serving process exited with ${how}; starting another.`);
    fork();
  });

  async function stop(reason: string, code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    console.log(`${reason}: stopping ${count} serving processes`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(exitCode), stopGraceMs).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  for (let i = 0; i < count; i++) fork();
}
