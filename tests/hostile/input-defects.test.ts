// The input defects a hostile probe found (issue 13 §5), each as callers see it: control characters and
// unpaired surrogates in any text field, search strings websearch_to_tsquery choked on, and cursors that
// matched the pattern but could not be cast. Each answers 400 naming its field (or 200), never 500, and
// writes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared/api/endpoints';
import type { EndpointName } from '@shared/api/endpoints';
import { createFixture, validBodies } from './fixture';
import type { Fixture } from './fixture';
import { endpointNames, textFields } from './json-schema';
import { rowCounts } from './row-counts';

let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture();
});
afterAll(() => fx.t.close());

/** The token of a caller the endpoint lets through: anonymous, the owner, or the admin. */
const tokenFor = (name: EndpointName) =>
  endpoints[name].access === 'admin'
    ? fx.admin.token
    : endpoints[name].access === 'user'
      ? fx.owner.token
      : undefined;

/** NUL, other C0 controls (tab, LF and CR are text) and unpaired surrogates. */
const BAD_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\ud800',
  '\udfff',
];

describe('text fields', () => {
  it('refuse NUL, C0 controls and unpaired surrogates with 400 naming the field, on every endpoint', async () => {
    let checked = 0;
    for (const name of endpointNames) {
      for (const field of textFields(name)) {
        const base = (await validBodies[name](fx)) as Record<string, unknown>;
        const valid = typeof base[field] === 'string' ? (base[field] as string) : 'abc';
        for (const bad of BAD_CHARACTERS) {
          for (const value of [`${valid}${bad}`, `${bad}${valid}`]) {
            const before = await rowCounts(fx.t.deps.db);
            const res = await fx.t.sf(name, { ...base, [field]: value }, tokenFor(name));
            const label = `${name}.${field} = ${JSON.stringify(value)}`;
            expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
            expect(res.body.error, label).toMatch(new RegExp(`^${field}: `));
            expect(await rowCounts(fx.t.deps.db), label).toEqual(before);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('keep tabs and newlines', async () => {
    const res = await fx.t.sf(
      'submit-review',
      { work_id: fx.workId, rating: 3, headline: 'Tab\there', review_body: 'One\r\nTwo\n\tThree' },
      fx.owner.token,
    );
    expect(res.status).toBe(200);
    const review = await fx.t.sf('work-reviews', { work_id: fx.workId });
    const mine = review.body.reviews.find((r) => r.user_id === fx.owner.id);
    expect(mine?.headline).toBe('Tab\there');
    expect(mine?.review_body).toBe('One\r\nTwo\n\tThree');
  });

  it('accept emoji and other paired surrogates', async () => {
    const res = await fx.t.sf('create-shelf', { name: 'Books 📚 to reread 𝔄' }, fx.owner.token);
    expect(res.status).toBe(200);
  });
});

describe('auth /auth/v1 strings', () => {
  const auth = async (path: string, method: string, body: unknown, token?: string) => {
    const res = await fx.t.app.request(`/auth/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        apikey: fx.t.deps.keys.anonKey,
        'x-supabase-api-version': '2024-01-01',
        authorization: `Bearer ${token ?? fx.t.deps.keys.anonKey}`,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { code: string; message: string } };
  };

  it('refuse control characters and unpaired surrogates in the /token e-mail and password', async () => {
    for (const bad of BAD_CHARACTERS) {
      for (const body of [
        { email: `${fx.owner.email}${bad}`, password: 'Str0ng!pass' },
        { email: `a${bad}@example.test`, password: 'Str0ng!pass' },
        { email: fx.owner.email, password: `Str0ng!pass${bad}` },
      ]) {
        const res = await auth('/token?grant_type=password', 'POST', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe('validation_failed');
      }
    }
  });

  it('refuse them anywhere in PUT /user metadata, keys and nested values included, writing nothing', async () => {
    for (const bad of BAD_CHARACTERS) {
      for (const data of [
        { nickname: `x${bad}` },
        { deep: { deeper: [1, { text: `${bad}` }] } },
        { [`key${bad}`]: 'value' },
        { list: ['fine', `also${bad}`] },
      ]) {
        const before = await rowCounts(fx.t.deps.db);
        const res = await auth('/user', 'PUT', { data }, fx.owner.token);
        expect(res.status, JSON.stringify(data)).toBe(400);
        expect(res.body.code).toBe('validation_failed');
        expect(res.body.message).toMatch(/^data/);
        expect(await rowCounts(fx.t.deps.db)).toEqual(before);
      }
    }
    const fine = await auth('/user', 'PUT', { data: { note: 'Tab\tand\nnewline 📚' } }, fx.owner.token);
    expect(fine.status).toBe(200);
  });

  it('send e-mail links carrying control characters back with an error, never a 500', async () => {
    for (const query of [
      'type=signup&token=%00',
      'type=recovery&token=a%00b&redirect_to=%00',
      'type=%00&token=x',
    ]) {
      const res = await fx.t.app.request(`/auth/v1/verify?${query}`);
      expect(res.status, query).toBe(303);
    }
  });
});

describe('search strings', () => {
  const SEARCHES: EndpointName[] = ['search-works', 'search-authors', 'check-isbn', 'admin-search-works'];
  const answersOk = async (query: string) => {
    for (const name of SEARCHES) {
      const res = await fx.t.sf(name, { query }, tokenFor(name));
      expect([200, 400], `${name} ${JSON.stringify(query)}: ${JSON.stringify(res.body)}`).toContain(
        res.status,
      );
    }
  };

  it('answer 200 for runs of hyphens and other operator runs, at any length up to the maximum', async () => {
    const runs = [
      '-'.repeat(33),
      '-'.repeat(200),
      '- '.repeat(100),
      ' -'.repeat(100),
      '-\t'.repeat(100),
      '-('.repeat(100),
      '-)'.repeat(100),
      '−'.repeat(200),
      '—-'.repeat(100),
      `pride ${'-'.repeat(190)}`,
      `${'or '.repeat(10)}${'-'.repeat(100)}`,
      'or - '.repeat(40),
      '"'.repeat(200),
      '"-'.repeat(100),
      '!'.repeat(200),
      'x'.repeat(200),
      '😀'.repeat(100),
    ];
    for (const query of runs) {
      const res = await fx.t.sf('search-works', { query });
      expect(res.status, JSON.stringify(query)).toBe(200);
      await answersOk(query);
    }
  });

  it('still negates a word with a leading hyphen', async () => {
    const all = await fx.t.sf('search-works', { query: 'austen' });
    const notPride = await fx.t.sf('search-works', { query: 'austen -pride' });
    const titles = (r: { body: { results: { work_title: string }[] } }) =>
      r.body.results.map((h) => h.work_title);
    expect(titles(all)).toContain('Pride and Prejudice');
    expect(titles(notPride)).not.toContain('Pride and Prejudice');
    expect(titles(notPride)).toContain('Emma');
  });

  it('answer 200 or 400 for generated operator-heavy strings (seed 13)', async () => {
    const atom = fc.constantFrom(
      '-',
      '-',
      '- ',
      ' ',
      '"',
      'or ',
      '!',
      '(',
      ')',
      '|',
      '&',
      ':*',
      '<->',
      '\\',
      "'",
      'a',
      'pride',
      '—',
      '\t',
      'é',
      '1',
      '_',
      '\u0301',
      'ß',
      '日本',
    );
    const query = fc.array(atom, { maxLength: 120 }).map((parts) => parts.join('').slice(0, 200));
    await fc.assert(fc.asyncProperty(query, answersOk), { seed: 13, numRuns: 300 });
  });
});

describe('reading cursors', () => {
  const uuid = '0b4f8f5e-7a3c-4d2e-9f1a-2b3c4d5e6f70';
  const bad = [
    `2024-02-30T00:00:00.000000Z|${uuid}`,
    `2023-02-29T12:00:00.000000Z|${uuid}`,
    `0000-01-01T00:00:00.000000Z|${uuid}`,
    `2024-13-01T00:00:00.000000Z|${uuid}`,
    `2024-00-10T00:00:00.000000Z|${uuid}`,
    `2024-01-01T24:00:00.000000Z|${uuid}`,
    `2024-01-01T25:61:61.000000Z|${uuid}`,
    `2024-01-01T00:00:00.000000Z|${'-'.repeat(36)}`,
    `2024-01-01T00:00:00.000000Z|${'a'.repeat(36)}`,
    `2024-01-01T00:00:00.000000Z|0b4f8f5e7a3c-4d2e-9f1a-2b3c4d5e6f70-`,
    `99999-01-01T00:00:00.000000Z|${uuid}`,
  ];

  it('refuse impossible timestamps and malformed uuids with 400 naming `after`', async () => {
    for (const name of ['list-reading-logs', 'reading-events'] as const) {
      for (const after of bad) {
        const res = await fx.t.sf(name, { after }, fx.owner.token);
        expect(res.status, `${name} ${after}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.error).toMatch(/^after: /);
      }
    }
  });

  it('still page with the cursors the API hands out, leap days included', async () => {
    for (const name of ['list-reading-logs', 'reading-events'] as const) {
      const body = (await validBodies[name](fx)) as { after: string };
      expect((await fx.t.sf(name, body, fx.owner.token)).status).toBe(200);
      const leap = await fx.t.sf(name, { after: `2024-02-29T23:59:59.999999Z|${uuid}` }, fx.owner.token);
      expect(leap.status).toBe(200);
    }
  });
});

describe('shelf item keys', () => {
  it('refuse `after` and sort keys that are not keys this API hands out', async () => {
    for (const key of ['a0 ', 'a0\u0000', "a0' or '1'='1", 'é', '%', 'a0\n']) {
      for (const [name, body] of [
        ['get-shelf-items', { shelf_id: fx.shelfId, after: key }],
        ['public-shelf', { shelf_id: fx.shelfId, after: key }],
        ['remove-shelf-item', { shelf_id: fx.shelfId, sort_key: key }],
      ] as const) {
        const res = await fx.t.sf(name, body, fx.owner.token);
        expect(res.status, `${name} ${JSON.stringify(key)}`).toBe(400);
      }
    }
  });
});
