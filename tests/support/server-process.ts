// The real server (server/main.ts) as a child process, as `npm start` runs it: for tests that must see the
// process itself survive, or die by kill -9 and come back on the same data. Node runs tsx as a loader in
// this one process (not the tsx CLI, which forks a second one that a SIGKILL would orphan).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './free-port';

export interface ServerProcess {
  url: string;
  anonKey: string;
  child: ChildProcess;
  /** Everything the server printed, stdout and stderr interleaved. */
  output(): string;
  /** Still running (no exit, no signal). */
  alive(): boolean;
  /** SIGKILL, and wait for the process to be gone. */
  kill9(): Promise<void>;
  /** SIGTERM (a clean stop), and wait. */
  stop(): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string | undefined>,
  {
    port,
    readyTimeoutMs = 90_000,
    onOutput,
  }: { port?: number; readyTimeoutMs?: number; onOutput?: (text: string) => void } = {},
): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(listenPort),
    PUBLIC_URL: url,
    SEED_DEMO: '0',
    OPENLIBRARY_URL: 'http://127.0.0.1:9',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(output);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = () => child.exitCode !== null || child.signalCode !== null;

  const deadline = Date.now() + readyTimeoutMs;
  let anonKey: string | null = null;
  while (!anonKey) {
    if (exited()) throw new Error(`the server exited while starting (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within ${readyTimeoutMs} ms:\n${output}`);
    }
    try {
      const health = await fetch(`${url}/health`);
      if (health.ok) {
        const config = (await (await fetch(`${url}/client-config`)).json()) as { anonKey: string };
        anonKey = config.anonKey;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const waitForExit = async () => {
    if (!exited()) await once(child, 'exit');
  };
  return {
    url,
    anonKey,
    child,
    output: () => output,
    alive: () => !exited(),
    async kill9() {
      child.kill('SIGKILL');
      await waitForExit();
    },
    async stop() {
      child.kill('SIGTERM');
      // A clean stop that hangs is the test's failure to report, not a reason to hang the suite.
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await waitForExit();
      clearTimeout(timer);
    },
  };
}
