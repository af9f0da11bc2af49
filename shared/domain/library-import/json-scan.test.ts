import { describe, expect, it } from 'vitest';
import { JsonShapeError, arrayElements, objectMembers, scanValue } from './json-scan';

const slices = (text: string) => [...arrayElements(text, 0, 100)].map((s) => text.slice(s.start, s.end));

describe('json-scan', () => {
  it('finds each element of an array without parsing it, strings with brackets and escapes included', () => {
    expect(slices('[ {"a":"]}\\"[","b":[1,2]} , 3,true,null,"x\\\\" ,[[]] ]')).toEqual([
      '{"a":"]}\\"[","b":[1,2]}',
      '3',
      'true',
      'null',
      '"x\\\\"',
      '[[]]',
    ]);
    expect(slices('[]')).toEqual([]);
  });

  it('finds the members of an object with their values', () => {
    const text = '{"kind":"k", "books" : [1, {"x":2}], "n":-1.5e3}';
    expect(
      [...objectMembers(text, 0, 100)].map((m) => [m.key, text.slice(m.value.start, m.value.end)]),
    ).toEqual([
      ['kind', '"k"'],
      ['books', '[1, {"x":2}]'],
      ['n', '-1.5e3'],
    ]);
  });

  it('counts what a value holds and refuses one that holds too many', () => {
    expect(scanValue('{"a":[1,2,{"b":null}]}', 0, 100).values).toBe(8);
    expect(() => scanValue(`[${'[],'.repeat(200)}[]]`, 0, 100)).toThrow(JsonShapeError);
  });

  it('refuses what is not JSON', () => {
    for (const bad of ['[1,2', '["open', '{"a" 1}', '[1 2]', '{nope']) {
      expect(() => [
        ...(bad.startsWith('{') ? objectMembers(bad, 0, 100) : arrayElements(bad, 0, 100)),
      ]).toThrow(JsonShapeError);
    }
  });
});
