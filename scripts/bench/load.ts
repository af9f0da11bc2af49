// Timed runs: a scenario through the API with autocannon (closed loop: `connections` clients, each sending
// its next request when the previous answer arrives), and the same reads straight against the database
// with as many concurrent callers. Every latency is kept, so percentiles are exact, not histogram buckets.
import autocannon from 'autocannon';
import type { Db } from '../../server/db/db';
import type { Scenario } from './scenarios';
import { percentile } from './stats';

export interface Measurement {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  /** Completed requests (or queries) per second. */
  rps: number;
  /** Non-2xx answers, socket errors and timeouts. */
  errors: number;
  /** The first few error statuses and bodies seen, for the report. */
  errorSamples: string[];
}

function summarise(
  latencies: number[],
  seconds: number,
  errors: number,
  errorSamples: string[],
): Measurement {
  return {
    count: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
    errors,
    errorSamples,
  };
}

/** One HTTP request of a timed run. */
export interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * `connections` clients (autocannon, closed loop) sending the i-th call of `call` back to back for
 * `seconds`; only 2xx answers are timed, everything else counts as an error.
 */
export async function loadHttp(
  base: string,
  connections: number,
  seconds: number,
  call: (i: number) => HttpCall,
): Promise<Measurement> {
  let i = 0;
  const latencies: number[] = [];
  let errors = 0;
  const errorSamples: string[] = [];
  const instance = autocannon(
    {
      url: base,
      connections,
      duration: seconds,
      timeout: 30,
      requests: [{ setupRequest: (req) => ({ ...req, ...call(i++) }) }],
    },
    () => undefined,
  );
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
    else {
      errors++;
      if (errorSamples.length < 3) errorSamples.push(`HTTP ${status}`);
    }
  });
  const started = performance.now();
  const result = await new Promise<{ errors: number; timeouts: number }>((resolve) =>
    instance.on('done', resolve),
  );
  const elapsed = (performance.now() - started) / 1000;
  const socketErrors = result.errors + result.timeouts;
  if (socketErrors > 0) errorSamples.push(`${result.errors} socket errors, ${result.timeouts} timeouts`);
  return summarise(latencies, elapsed, errors + socketErrors, errorSamples);
}

/** A scenario through /sf/, as supabase-js sends it: the anon key, and the reader's token when signed in. */
export function loadApi(
  base: string,
  scenario: Scenario,
  tokens: string[],
  anonKey: string,
  connections: number,
  seconds: number,
): Promise<Measurement> {
  return loadHttp(base, connections, seconds, (i) => {
    const { endpoint, body, user } = scenario.request(i);
    const token = user === null ? anonKey : (tokens[user] as string);
    return {
      method: 'POST',
      path: `/sf/${endpoint}`,
      headers: { 'content-type': 'application/json', apikey: anonKey, authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    };
  });
}

/** `concurrency` callers, each running the scenario's direct query again as soon as the last one ends. */
export async function loadDatabase(
  db: Db,
  scenario: Scenario,
  concurrency: number,
  seconds: number,
): Promise<Measurement> {
  const direct = scenario.direct;
  if (!direct) throw new Error(`${scenario.name} has no direct query`);
  let i = 0;
  let errors = 0;
  const errorSamples: string[] = [];
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await direct(db, i++);
          latencies.push(performance.now() - t0);
        } catch (err) {
          errors++;
          if (errorSamples.length < 3) errorSamples.push((err as Error).message);
        }
      }
    }),
  );
  return summarise(latencies, (performance.now() - started) / 1000, errors, errorSamples);
}

/** One round of every input at one client, so caches and the planner are warm before anything is timed. */
export async function warmUp(run: (i: number) => Promise<unknown>, rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i++) await run(i);
}
