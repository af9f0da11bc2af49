import { describe, expect, it } from 'vitest';
import { StatementNames } from './statement-names';

describe('StatementNames', () => {
  it('names a text from its second use on, always with the same name', () => {
    const names = new StatementNames();
    expect(names.nameFor('select 1')).toBeUndefined();
    const name = names.nameFor('select 1');
    expect(name).toMatch(/^sf_\d+$/);
    expect(names.nameFor('select 1')).toBe(name);
    expect(names.nameFor('select 2')).toBeUndefined();
    expect(names.nameFor('select 2')).not.toBe(name);
  });

  it('stops naming at the cap and never names long texts', () => {
    const names = new StatementNames(2, 100, 50);
    for (const sql of ['a', 'b', 'c']) {
      names.nameFor(sql);
      names.nameFor(sql);
    }
    expect(names.nameFor('a')).toBeDefined();
    expect(names.nameFor('b')).toBeDefined();
    expect(names.nameFor('c')).toBeUndefined();
    const long = `select '${'x'.repeat(60)}'`;
    names.nameFor(long);
    expect(names.nameFor(long)).toBeUndefined();
  });

  it('forgets what it was seen once when that list is full, and a forgotten name is not reused', () => {
    const names = new StatementNames(10, 2);
    names.nameFor('a');
    names.nameFor('b');
    names.nameFor('c'); // the once-seen list was full: it starts again with c
    expect(names.nameFor('a')).toBeUndefined();
    expect(names.nameFor('c')).toBeDefined();
    const a = names.nameFor('a');
    expect(a).toBeDefined();
    names.forget('a');
    names.nameFor('a');
    expect(names.nameFor('a')).not.toBe(a);
  });

  it('runs a text unnamed once its named statement is refused for a changed table, but not in a transaction', async () => {
    const names = new StatementNames();
    const changed = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    const calls: (string | undefined)[] = [];
    const forgotten: string[] = [];
    const run = (name: string | undefined) => {
      calls.push(name);
      return name === undefined ? Promise.resolve('unnamed') : Promise.reject(changed);
    };
    expect(await names.run('select 1', false, run)).toBe('unnamed');
    await expect(names.run('select 1', true, run)).rejects.toBe(changed);
    expect(await names.run('select 1', false, run, (name) => forgotten.push(name))).toBe('unnamed');
    expect(calls).toEqual([undefined, 'sf_0', 'sf_0', undefined]);
    expect(forgotten).toEqual(['sf_0']);
    // Forgotten: the text is named afresh only once it recurs again.
    expect(await names.run('select 1', false, run)).toBe('unnamed');
    const other = Object.assign(new Error('no'), { code: '42P01' });
    await expect(names.run('select 2', false, () => Promise.reject(other))).rejects.toBe(other);
  });
});
