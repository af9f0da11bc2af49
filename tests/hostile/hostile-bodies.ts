// Generated hostile bodies for every /sf/ endpoint, from its request schema, each sent anonymously, as a
// reader and as an admin (issue 13 §10). Whatever the body, the server answers without a 5xx, within
// the per-request time limit, and a request it refuses writes nothing.
// HOSTILE_SEED and HOSTILE_RUNS (bodies per endpoint) explore further; the defaults are what npm test runs.
// The endpoints are dealt into shards, one test file each (hostile-bodies-*.test.ts), so the shards run in
// parallel, each with a fixture of its own; an endpoint's bodies come from its place in the whole list, so
// the bodies sent do not depend on the number of shards.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@shared/api/endpoints';
import { createTestUser } from '../support/test-users';
import type { TestUser } from '../support/test-users';
import { createFixture, validBodies } from './fixture';
import type { Fixture } from './fixture';
import { endpointNames, requestSchema } from './json-schema';
import { rowCounts } from './row-counts';
import { bodyFor } from './schema-arbitrary';
import { withTimeout } from './with-timeout';

const SEED = Number(process.env.HOSTILE_SEED ?? 20261124);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 200);

interface Finding {
  endpoint: EndpointName;
  caller: string;
  body: string;
  problem: string;
}

/** The suite for the endpoints whose place in the list is `shard` modulo `shards`. */
export function hostileBodiesSuite(shard: number, shards: number): void {
  const endpoints = [...endpointNames.entries()].filter(([index]) => index % shards === shard);
  let fx: Fixture;
  beforeAll(async () => {
    fx = await createFixture();
  });
  afterAll(() => fx.t.close());

  /** Sends a body as it is, so bodies JSON.stringify cannot express as-is still go out byte for byte. */
  async function send(name: EndpointName, body: unknown, token: string | undefined) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fx.t.app.request(`/sf/${name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    return res.status;
  }

  describe(`generated hostile bodies (shard ${shard + 1} of ${shards})`, () => {
    it('never answer 5xx, never hang, and never write without a 2xx', async () => {
      const started = Date.now();
      const findings: Finding[] = [];
      let requests = 0;
      let fiveHundreds = 0;
      const statuses = new Map<number, number>();
      const timings: [EndpointName, number][] = [];
      for (const [index, name] of endpoints) {
        // The reader is the fixture's owner, so bodies reach their shelves, logs and review. delete-user gets
        // fresh callers, replaced after each deletion, so the rest of the suite keeps its users.
        const fresh = name === 'delete-user';
        let reader: TestUser = fresh ? await createTestUser(fx.t) : fx.owner;
        let admin: TestUser = fresh ? await createTestUser(fx.t, { admin: true }) : fx.admin;
        const callers: [string, () => string | undefined][] = [
          ['anon', () => undefined],
          ['user', () => reader.token],
          ['admin', () => admin.token],
        ];
        const base = await validBodies[name](fx);
        const bodies = fc.sample(bodyFor(requestSchema(name), fx, base), {
          seed: SEED + index,
          numRuns: RUNS,
        });
        const endpointStarted = Date.now();
        // Counted once per request: what one answer leaves is what the next one starts from.
        let counts = await rowCounts(fx.t.deps.db);
        for (const body of bodies) {
          for (const [caller, token] of callers) {
            const shown = JSON.stringify(body)?.slice(0, 300) ?? String(body);
            const finding = (problem: string) =>
              findings.push({ endpoint: name, caller, body: shown, problem });
            let status: number;
            try {
              status = await withTimeout(send(name, body, token()), `${name} as ${caller}`);
            } catch (err) {
              finding((err as Error).message);
              counts = await rowCounts(fx.t.deps.db);
              continue;
            }
            requests += 1;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            const before = counts;
            counts = await rowCounts(fx.t.deps.db);
            if (status >= 500) {
              fiveHundreds += 1;
              finding(`answered ${status}`);
            } else if (status >= 300) {
              const changed = Object.keys(counts).filter((table) => counts[table] !== before[table]);
              if (changed.length > 0) finding(`answered ${status} but wrote ${changed.join(', ')}`);
            } else if (name === 'delete-user') {
              if (caller === 'user') reader = await createTestUser(fx.t);
              if (caller === 'admin') admin = await createTestUser(fx.t, { admin: true });
              counts = await rowCounts(fx.t.deps.db);
            }
          }
        }
        timings.push([name, Date.now() - endpointStarted]);
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `hostile bodies: seed ${SEED}, ${RUNS} bodies x ${endpoints.length} endpoints x 3 callers = ` +
          `${requests} requests in ${seconds} s; 5xx: ${fiveHundreds}; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
      );
      const slowest = timings.sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(`slowest endpoints (ms): ${slowest.map(([n, ms]) => `${n} ${ms}`).join(', ')}`);
      const failing = [...new Set(findings.map((f) => f.endpoint))];
      if (failing.length > 0)
        console.log(`endpoints with findings (${failing.length}): ${failing.join(', ')}`);
      for (const finding of findings.slice(0, 20)) console.log(JSON.stringify(finding));
      expect(findings, `${findings.length} findings (first 20 printed)`).toEqual([]);
      expect(requests).toBe(RUNS * endpoints.length * 3);
    });
  });
}
