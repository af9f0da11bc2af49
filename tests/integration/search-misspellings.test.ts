// Misspelt searches for real titles find the work they mean (issue 33) on the demo catalogue, over real HTTP
// on PGlite and (with DATABASE_URL) PostgreSQL: at least 45 of the fixture's 50 land in the top three.
// `npm run bench` asks the same queries of the million-work catalogue.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadDemoCatalogue, seedCatalogue } from '../../server/db/seed/catalogue';
import { checkMisspellings } from '../support/misspellings-check';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await seedCatalogue(s.t.deps.db, await loadDemoCatalogue());
});
afterAll(async () => {
  await s.close();
});

it('finds the intended work in the top three for at least 45 of 50 misspelt titles', async () => {
  const check = await checkMisspellings(s.url, s.anonKey);
  expect(check.total).toBe(50);
  // The misses are named, so a failure says which queries and what they found instead.
  expect(check.found, JSON.stringify(check.misses, null, 1)).toBeGreaterThanOrEqual(45);
});
