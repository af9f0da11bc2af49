// The real server (server/main.ts, as `npm start` runs it) in a child process on a loopback port, in
// production mode, so the benchmark measures what operators run: no response re-validation, no dev mailbox.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface RunningServer {
  base: string;
  pid: number;
  /** From spawning the process to its first answer on /health: what `npm start` on existing data costs. */
  startSeconds: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    // Often enough that the start-up time is read to a few hundredths of a second.
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the server did not answer /health within ${timeoutMs / 1000} s`);
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const spawned = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: '0',
      // Never reach out: every ISBN the benchmark asks for is in the catalogue.
      OPENLIBRARY_URL: 'http://127.0.0.1:9',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, child, 120_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${output.join('')}`);
  }
  const startSeconds = (performance.now() - spawned) / 1000;
  return {
    base,
    pid: child.pid as number,
    startSeconds,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
