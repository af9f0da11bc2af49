// Bad input of every kind gets the uniform error shape and a 4xx, never a 500, and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { catalogueEndpoints } from '@shared/api/catalogue';
import { endpoints } from '@shared/api/endpoints';
import type { EndpointName } from '@shared/api/endpoints';
import { catalogueHandlers } from '../features/catalogue/handlers';
import { createTestApp } from '../../tests/support/test-app';
import type { TestApp } from '../../tests/support/test-app';
import type { AreaHandlers } from './handler-context';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (path: string, init: RequestInit = {}) => t.app.request(path, { method: 'POST', ...init });
const json = { 'content-type': 'application/json' };
const bodyOf = async (res: Response): Promise<any> => res.json();

describe('the /sf/ pipeline', () => {
  it('refuses malformed JSON', async () => {
    const res = await post('/sf/work-details', { headers: json, body: '{"work_id":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'invalid_input' });
  });

  it('refuses wrong types, missing fields, unknown fields where strict, non-UUID ids and oversize strings', async () => {
    const cases: [EndpointName, unknown][] = [
      ['work-details', { work_id: 42 }],
      ['work-details', {}],
      ['work-details', { work_id: 'not-a-uuid' }],
      ['work-details', []],
      ['work-details', null],
      ['search-works', { query: 'x'.repeat(201) }],
      ['search-works', { query: ['pride'] }],
      ['author-details', { author_id: "1' or '1'='1" }],
    ];
    for (const [name, body] of cases) {
      const { status, body: answer } = await t.sf(name, body);
      expect(status, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.code).toBe('invalid_input');
      expect(typeof answer.error).toBe('string');
      expect(Array.isArray(answer.details)).toBe(true);
    }
  });

  it('names the field at fault', async () => {
    const { body } = await t.sf('work-details', { work_id: 'nope' });
    expect(body.error).toMatch(/^work_id: /);
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await post('/sf/search-works', {
      headers: json,
      body: JSON.stringify({ query: 'a'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect((await bodyOf(res)).code).toBe('payload_too_large');
  });

  it('refuses bodies that are not JSON', async () => {
    const res = await post('/sf/search-works', {
      headers: { 'content-type': 'text/plain' },
      body: 'query=x',
    });
    expect(res.status).toBe(415);
  });

  it('answers 404 for unknown endpoints and 405 for other methods', async () => {
    expect((await post('/sf/drop-tables', { headers: json, body: '{}' })).status).toBe(404);
    const get = await t.app.request('/sf/search-works');
    expect(get.status).toBe(405);
    expect((await bodyOf(get)).code).toBe('method_not_allowed');
  });

  it('refuses a bearer that is not ours, and accepts the anon key and no token for public calls', async () => {
    expect((await t.sf('search-works', { query: 'x' }, 'not.a.jwt')).status).toBe(401);
    expect((await t.sf('search-works', { query: 'x' }, t.deps.keys.anonKey)).status).toBe(200);
    expect((await t.sf('search-works', { query: 'x' })).status).toBe(200);
  });

  it('has a handler for every endpoint of the table', async () => {
    for (const name of Object.keys(endpoints)) {
      // {} is refused by most schemas (400) and by signed-in calls without a token (401); either way the
      // call reached its endpoint's pipeline, and a missing handler would fail it with a 500.
      const { status, body } = await t.sf(name as EndpointName, {});
      expect(status, name).toBeLessThan(500);
      expect(body, name).not.toEqual(expect.objectContaining({ error: `There is no endpoint /sf/${name}.` }));
    }
  });

  it('refuses at compile time an area whose handlers miss an endpoint', () => {
    const { 'search-works': _searchWorks, ...incomplete } = catalogueHandlers;
    // @ts-expect-error search-works has no handler
    const checked: AreaHandlers<typeof catalogueEndpoints> = incomplete;
    expect(Object.keys(checked)).not.toContain('search-works');
  });
});

describe('health and client config', () => {
  it('reports the database kind and migration version', async () => {
    const res = await t.app.request('/health');
    const body = await bodyOf(res);
    expect(body.ok).toBe(true);
    expect(['pglite', 'postgres']).toContain(body.database);
    expect(body.migration).toBeGreaterThanOrEqual(4);
  });

  it('hands out the public URL and the anon key', async () => {
    const body = await bodyOf(await t.app.request('/client-config'));
    expect(body.anonKey).toBe(t.deps.keys.anonKey);
    expect(body.url).toMatch(/^http/);
  });
});
