// Generated hostile bodies for the JSON calls of /auth/v1, from a small description of each body (the zod
// schemas in server/auth/auth-bodies.ts take any JSON in the fields they ignore, so a description aimed at
// the fields the routes read finds more): no 5xx, no hang, and nothing written without a 2xx. The published
// keys (/.well-known/jwks.json, also under /auth/v1) get generated queries, headers, methods and bodies:
// no 5xx, nothing written, and never anything but the public key set.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/test-users';
import { createFixture } from './fixture';
import type { Fixture } from './fixture';
import type { JsonSchema } from './json-schema';
import { rowCounts } from './row-counts';
import { bodyFor } from './schema-arbitrary';
import { withTimeout } from './with-timeout';

const SEED = Number(process.env.HOSTILE_SEED ?? 20261124);
const RUNS = Number(process.env.HOSTILE_AUTH_RUNS ?? 150);

let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture();
});
afterAll(() => fx.t.close());

const str: JsonSchema = { type: 'string' };
const object = (props: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties: props });
const S256 = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSZw-cM'.padEnd(43, 'x');

interface Route {
  method: 'POST' | 'PUT';
  path: string;
  schema: JsonSchema;
  base: () => Record<string, unknown>;
  /** PUT /user changes the caller: it gets a fresh signed-in reader per request. */
  signedIn?: boolean;
}

const routes = (): Route[] => [
  {
    method: 'POST',
    path: '/token?grant_type=password',
    schema: object({ email: str, password: str }),
    base: () => ({ email: fx.other.email, password: 'Str0ng!pass' }),
  },
  {
    method: 'POST',
    path: '/token?grant_type=refresh_token',
    schema: object({ refresh_token: str }),
    base: () => ({ refresh_token: 'abcdefghijkl' }),
  },
  {
    method: 'POST',
    path: '/token?grant_type=pkce',
    schema: object({ auth_code: str, code_verifier: str }),
    base: () => ({ auth_code: '0b4f8f5e-7a3c-4d2e-9f1a-2b3c4d5e6f70', code_verifier: S256 }),
  },
  {
    method: 'POST',
    path: '/recover',
    schema: object({
      email: str,
      code_challenge: str,
      code_challenge_method: { enum: ['s256', 'S256', 'plain'] },
    }),
    base: () => ({ email: fx.other.email, code_challenge: S256, code_challenge_method: 's256' }),
  },
  {
    method: 'POST',
    path: '/resend',
    schema: object({
      type: { enum: ['signup', 'email_change', 'sms'] },
      email: str,
      code_challenge: str,
      code_challenge_method: { enum: ['s256', 'S256', 'plain'] },
    }),
    base: () => ({
      type: 'signup',
      email: fx.other.email,
      code_challenge: S256,
      code_challenge_method: 's256',
    }),
  },
  {
    method: 'POST',
    path: '/verify',
    schema: object({
      type: { enum: ['signup', 'email', 'magiclink', 'recovery', 'email_change', 'invite'] },
      token_hash: str,
    }),
    base: () => ({ type: 'signup', token_hash: 'pkce_0123456789abcdef' }),
  },
  // Sign-in links by e-mail (issue 31): asking for one, and signing in with the code of its mail.
  {
    method: 'POST',
    path: '/otp',
    schema: object({
      email: str,
      create_user: { type: 'boolean' },
      data: object({ username: str }),
      code_challenge: str,
      code_challenge_method: { enum: ['s256', 'S256', 'plain'] },
      phone: str,
    }),
    base: () => ({ email: fx.other.email, code_challenge: S256, code_challenge_method: 's256' }),
  },
  {
    method: 'POST',
    path: '/verify',
    schema: object({
      type: { enum: ['email', 'magiclink', 'signup', 'recovery'] },
      email: str,
      token: str,
      token_hash: str,
    }),
    base: () => ({ type: 'email', email: fx.other.email, token: '123456' }),
  },
  {
    method: 'PUT',
    path: '/user',
    schema: object({
      email: str,
      password: str,
      current_password: str,
      data: object({ nickname: str, nested: object({ list: { type: 'array', items: str } }) }),
      code_challenge: str,
      code_challenge_method: str,
    }),
    base: () => ({ data: { nickname: 'Reader', nested: { list: ['a', 'b'] } } }),
    signedIn: true,
  },
  // Second factors (issue 31): enrolment, and a verify against a factor and challenge nobody has.
  {
    method: 'POST',
    path: '/factors',
    schema: object({ factor_type: { enum: ['totp', 'phone', 'webauthn'] }, friendly_name: str, issuer: str }),
    base: () => ({ factor_type: 'totp', friendly_name: 'Phone', issuer: 'Shelfwise' }),
    signedIn: true,
  },
  {
    method: 'POST',
    path: '/factors/0b4f8f5e-7a3c-4d2e-9f1a-2b3c4d5e6f70/verify',
    schema: object({ challenge_id: str, code: str }),
    base: () => ({ challenge_id: '0b4f8f5e-7a3c-4d2e-9f1a-2b3c4d5e6f71', code: '123456' }),
    signedIn: true,
  },
];

describe('generated hostile /auth/v1 bodies', () => {
  it('never answer 5xx, never hang, and never write without a 2xx', async () => {
    const started = Date.now();
    const findings: string[] = [];
    let requests = 0;
    let fiveHundreds = 0;
    for (const [index, route] of routes().entries()) {
      const bodies = fc.sample(bodyFor(route.schema, fx, route.base()), {
        seed: SEED + index,
        numRuns: RUNS,
      });
      for (const body of bodies) {
        const token = route.signedIn ? (await createTestUser(fx.t)).token : fx.t.deps.keys.anonKey;
        const before = await rowCounts(fx.t.deps.db);
        const shown = `${route.method} ${route.path} ${JSON.stringify(body)?.slice(0, 200)}`;
        let status: number;
        try {
          const res = await withTimeout(
            fx.t.app.request(`/auth/v1${route.path}`, {
              method: route.method,
              headers: {
                'content-type': 'application/json',
                apikey: fx.t.deps.keys.anonKey,
                authorization: `Bearer ${token}`,
                'x-supabase-api-version': '2024-01-01',
              },
              body: JSON.stringify(body),
            }),
            shown,
          );
          await res.arrayBuffer();
          status = res.status;
        } catch (err) {
          findings.push(`${shown}: ${(err as Error).message}`);
          continue;
        }
        requests += 1;
        if (status >= 500) {
          fiveHundreds += 1;
          findings.push(`${shown}: answered ${status}`);
        } else if (status >= 300) {
          const after = await rowCounts(fx.t.deps.db);
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length > 0)
            findings.push(`${shown}: answered ${status} but wrote ${changed.join(', ')}`);
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `hostile /auth/v1 bodies: seed ${SEED}, ${RUNS} bodies x ${routes().length} routes = ${requests} requests ` +
        `in ${seconds} s; 5xx: ${fiveHundreds}`,
    );
    for (const finding of findings.slice(0, 20)) console.log(finding);
    expect(findings, `${findings.length} findings (first 20 printed)`).toEqual([]);
  });

  it('never answer the published keys with a 5xx, a write, or anything but the public key set', async () => {
    const reference = await fx.t.app.request('/.well-known/jwks.json');
    expect(reference.status).toBe(200);
    const keySet = (await reference.json()) as { keys: Record<string, unknown>[] };
    expect(keySet.keys.length).toBeGreaterThan(0);
    const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));
    const requests = fc.sample(
      fc.record({
        path: fc.constantFrom('/.well-known/jwks.json', '/auth/v1/.well-known/jwks.json'),
        method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'),
        query: fc.oneof(
          fc.constant(''),
          fc.dictionary(printable(20), printable(200)).map((q) => new URLSearchParams(q).toString()),
          fc.stringMatching(/^[\x21-\x22\x24-\x7e]{0,300}$/),
        ),
        apikey: fc.option(printable(300)),
        authorization: fc.option(
          fc.oneof(
            printable(300),
            printable(300).map((t) => `Bearer ${t}`),
          ),
        ),
        body: fc.option(fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null')),
      }),
      { seed: SEED + 100, numRuns: RUNS },
    );
    const findings: string[] = [];
    for (const r of requests) {
      const shown = `${r.method} ${r.path}?${r.query.slice(0, 80)}`;
      const before = await rowCounts(fx.t.deps.db);
      const headers: Record<string, string> = {};
      if (r.apikey !== null) headers.apikey = r.apikey;
      if (r.authorization !== null) headers.authorization = r.authorization;
      const bodyAllowed = r.method !== 'GET' && r.method !== 'HEAD' && r.body !== null;
      let res: Response;
      try {
        res = await withTimeout(
          fx.t.app.request(`${r.path}${r.query ? `?${r.query}` : ''}`, {
            method: r.method,
            headers: bodyAllowed ? { ...headers, 'content-type': 'application/json' } : headers,
            ...(bodyAllowed ? { body: r.body } : {}),
          }),
          shown,
        );
      } catch (err) {
        findings.push(`${shown}: ${(err as Error).message}`);
        continue;
      }
      const text = await res.text();
      if (res.status >= 500) findings.push(`${shown}: answered ${res.status}`);
      const after = await rowCounts(fx.t.deps.db);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0) findings.push(`${shown}: wrote ${changed.join(', ')}`);
      if (r.method === 'GET' && res.status === 200) {
        let served: unknown = null;
        try {
          served = JSON.parse(text);
        } catch {
          // not JSON: reported below
        }
        if (JSON.stringify(served) !== JSON.stringify(keySet))
          findings.push(`${shown}: served ${text.slice(0, 120)}`);
      }
      // A private key part (EC `d`) must never appear, whatever was asked.
      if (/"d"\s*:/.test(text)) findings.push(`${shown}: answered a private key part`);
    }
    for (const finding of findings.slice(0, 20)) console.log(finding);
    expect(findings, `${findings.length} findings (first 20 printed)`).toEqual([]);
  });
});
