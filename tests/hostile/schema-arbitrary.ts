// Hostile request bodies derived from an endpoint's request schema (its JSON Schema, tests/hostile/
// json-schema.ts), with fast-check: mostly well-shaped bodies whose values are boundary and hostile ones,
// plus wrong types, missing and extra fields, and bodies that are not objects at all.
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import type { JsonSchema } from './json-schema';

export interface HostileWorld {
  /** Uuids of rows that exist, so some generated bodies reach real records. */
  knownIds: string[];
}

const UUID_LIKE = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-000000000000',
  '0B4F8F5E-7A3C-4D2E-9F1A-2B3C4D5E6F70',
];

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];
const SURROGATES = ['\ud800', '\udfff', 'a\ud83d', '\ude00b', '\udbff\ud800'];

const cursor = (stamp: string, id: string) => `${stamp}|${id}`;
const CURSORS = [
  cursor('2024-01-01T00:00:00.000000Z', '0b4f8f5e-7a3c-4d2e-9f1a-2b3c4d5e6f70'),
  cursor('2024-02-29T23:59:59.999999Z', '0b4f8f5e-7a3c-4d2e-9f1a-2b3c4d5e6f70'),
  cursor('2024-02-30T00:00:00.000000Z', '0b4f8f5e-7a3c-4d2e-9f1a-2b3c4d5e6f70'),
  cursor('0000-01-01T00:00:00.000000Z', '0b4f8f5e-7a3c-4d2e-9f1a-2b3c4d5e6f70'),
  cursor('99999-01-01T00:00:00.000000Z', '0b4f8f5e-7a3c-4d2e-9f1a-2b3c4d5e6f70'),
  cursor('2024-01-01T24:00:00.000000Z', '0b4f8f5e-7a3c-4d2e-9f1a-2b3c4d5e6f70'),
  cursor('2024-01-01T00:00:00.000000Z', '-'.repeat(36)),
  cursor('2024-01-01T00:00:00.000000Z', 'g'.repeat(36)),
  '|',
  '2024-01-01T00:00:00.000000Z',
];

const WORDS = [
  'pride',
  'Jane Austen',
  '9780141439518',
  '0-14-143951-8',
  'a0',
  'Zz',
  'to-be-read',
  'Currently Reading',
  'Europe/Berlin',
  'UTC',
  '+25:00',
  'Mars/Olympus_Mons',
  '1813-01-28',
  '2024-02-30',
  '0000-01-01',
  '99999-12-31',
  'infinity',
  '-infinity',
  'epoch',
  'today',
  'S256',
  'plain',
  'https://example.test/a.png',
  'javascript:alert(1)',
  'shelfwise://evil.test/steal',
  'public/00000000-0000-0000-0000-000000000000.png',
  "' or '1'='1",
  "'; drop table public.works; --",
  '%',
  '_',
  '\\',
  '$1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'null',
  'true',
  '0',
  '-1',
  'NaN',
  '__proto__',
  'Ω≈ç√∫',
  '📚📖',
  'ﷺ',
  'e\u0301',
  '\u202e',
];

const hostileString = (world: HostileWorld): Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...CONTROL, ...SURROGATES))
        .map(([a, b]) => a + b),
    },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t', '\n', '\r\n', '   x   ') },
    // Operator runs websearch_to_tsquery once choked on.
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom('-', '- ', '-(', '"', 'or ', 'or - ', '!', '—', '− ', '-\t', '&|'),
          fc.integer({ min: 1, max: 120 }),
        )
        .map(([unit, n]) => unit.repeat(n).slice(0, 201)),
    },
    // Lengths at and around every limit the schemas use, and far over.
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            2,
            3,
            30,
            31,
            99,
            100,
            101,
            128,
            129,
            199,
            200,
            201,
            320,
            321,
            1000,
            1001,
            2049,
            5000,
            200_001,
          ),
          fc.constantFrom('x', 'é', '📚', '-', ' '),
        )
        .map(([n, unit]) => unit.repeat(n)),
    },
    { weight: 2, arbitrary: fc.constantFrom(...UUID_LIKE, ...world.knownIds) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom(...CURSORS) },
  );

const boundaryNumber = (schema: JsonSchema): Arbitrary<number> => {
  const edges = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]
    .filter((n): n is number => typeof n === 'number' && Number.isSafeInteger(n))
    .flatMap((n) => [n - 1, n, n + 1]);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        0,
        1,
        -1,
        -0,
        0.5,
        2.5,
        5,
        100,
        101,
        2026,
        2 ** 31,
        -(2 ** 31),
        2 ** 53,
        1e308,
        -1e308,
        1e-300,
        ...edges,
      ),
    },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );
};

/** Any JSON value at all: the wrong type for most fields. */
const anyJson = fc.jsonValue({ maxDepth: 2 });

/** A value for a field of this schema: usually of its type, sometimes of any other. */
export function valueFor(schema: JsonSchema, world: HostileWorld, depth = 0): Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: typedValue(schema, world, depth) },
    { weight: 1, arbitrary: anyJson },
  );
}

function typedValue(schema: JsonSchema, world: HostileWorld, depth: number): Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => typedValue(s, world, depth)));
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileString(world));
  switch (schema.type) {
    case 'string':
      return hostileString(world);
    case 'integer':
    case 'number':
      return boundaryNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items && depth < 3 ? valueFor(schema.items, world, depth + 1) : anyJson, {
        maxLength: (schema.maxItems ?? 5) + 2,
      });
    case 'object':
      return depth < 3 ? objectFor(schema, world, depth + 1) : fc.object({ maxDepth: 1 });
    default:
      // Unrepresentable in JSON Schema (a record of anything, a custom type): any JSON.
      return anyJson;
  }
}

const HOSTILE_KEYS = ['__proto__', 'constructor', 'is_admin', 'user_id', 'id', '', '\u0000', 'a'.repeat(300)];

/** An object with each known field present or not (required ones mostly present), and sometimes extras. */
function objectFor(
  schema: JsonSchema,
  world: HostileWorld,
  depth: number,
): Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([key, child]) =>
    fc.oneof(
      {
        weight: required.has(key) ? 8 : 3,
        arbitrary: valueFor(child, world, depth).map((v) => [key, v] as const),
      },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
  );
  const extras = fc.oneof(
    { weight: 6, arbitrary: fc.constant<[string, unknown][]>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), anyJson), { maxLength: 2 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.string({ maxLength: 8 }), anyJson), { maxLength: 2 }) },
  );
  return fc.tuple(fc.tuple(...fields), extras).map(([present, extra]) => {
    const body: Record<string, unknown> = {};
    // defineProperty, so a '__proto__' key becomes a real field in the JSON rather than a prototype.
    for (const entry of [...present, ...extra]) {
      if (entry)
        Object.defineProperty(body, entry[0], {
          value: entry[1],
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return body;
  });
}

/**
 * A valid body with one field replaced by a hostile value (or left out): the other fields pass, so the
 * hostile value reaches the handler and the database instead of stopping at the first schema error.
 */
function mutateOne(
  schema: JsonSchema,
  base: Record<string, unknown>,
  world: HostileWorld,
): Arbitrary<unknown> {
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) return fc.constant(base);
  return fc.oneof(
    ...props.map(([key, child]) => {
      const current = base[key];
      const replaced = valueFor(child, world).map((value) => ({ ...base, [key]: value }));
      const leftOut = fc.constant(Object.fromEntries(Object.entries(base).filter(([k]) => k !== key)));
      if (typeof current !== 'string' || current === '') {
        return fc.oneof({ weight: 6, arbitrary: replaced }, { weight: 1, arbitrary: leftOut });
      }
      return fc.oneof(
        { weight: 4, arbitrary: replaced },
        { weight: 1, arbitrary: leftOut },
        { weight: 6, arbitrary: nearly(current).map((value) => ({ ...base, [key]: value })) },
      );
    }),
  );
}

/**
 * A valid string changed a little: a bad character slipped in, one character swapped (a cursor's day
 * becomes 30 or 39, a uuid's hex digit a 'g'), cut short or doubled. Such values pass loose patterns and
 * reach the database, where the cast or the encoding fails.
 */
function nearly(valid: string): Arbitrary<string> {
  const at = fc.integer({ min: 0, max: valid.length });
  return fc.oneof(
    fc
      .tuple(at, fc.constantFrom(...CONTROL, ...SURROGATES))
      .map(([i, bad]) => valid.slice(0, i) + bad + valid.slice(i)),
    fc
      .tuple(at, fc.constantFrom('0', '1', '2', '3', '9', '-', 'g', 'Z', ' ', '|', '\u0000', 'é', '📚'))
      .map(([i, ch]) => valid.slice(0, i) + ch + valid.slice(i + 1)),
    at.map((i) => valid.slice(0, i)),
    fc.constant(valid + valid),
  );
}

/**
 * A whole request body: a valid one with a field made hostile, one shaped like the schema with hostile
 * values throughout, or any JSON at all.
 */
export function bodyFor(schema: JsonSchema, world: HostileWorld, base: unknown): Arbitrary<unknown> {
  const baseObject =
    typeof base === 'object' && base !== null && !Array.isArray(base)
      ? (base as Record<string, unknown>)
      : {};
  return fc.oneof(
    { weight: 12, arbitrary: mutateOne(schema, baseObject, world) },
    { weight: 4, arbitrary: objectFor(schema, world, 0) },
    { weight: 1, arbitrary: fc.constantFrom(null, [], [{}], '', 'x', 0, true, {}, base) },
    { weight: 1, arbitrary: anyJson },
  );
}
