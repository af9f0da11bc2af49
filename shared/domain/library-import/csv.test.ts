import { describe, expect, it } from 'vitest';
import { CsvLimitError, csvRecords, guardFormula, unguardFormula, writeCsv } from './csv';

const LIMITS = { columns: 5, cellChars: 20 };
const read = (text: string, limits = LIMITS) => [...csvRecords(text, ',', limits)];
const problemOf = (text: string, limits = LIMITS) => {
  try {
    read(text, limits);
  } catch (err) {
    if (err instanceof CsvLimitError) return err.problem;
    throw err;
  }
  return null;
};

describe('csvRecords', () => {
  it('reads quoted cells with delimiters, doubled quotes and line breaks, and every line ending', () => {
    expect(read('a,"b,c","say ""hi"""\r\n"two\nlines",x\ry,\n')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['two\nlines', 'x'],
      ['y', ''],
    ]);
    expect(read('only')).toEqual([['only']]);
    expect(read('a,\n\nb')).toEqual([['a', ''], [''], ['b']]);
  });

  it('keeps text after a closing quote, and reads an unterminated quote to the end', () => {
    expect(read('"ab"c,d\n"open')).toEqual([['abc', 'd'], ['open']]);
  });

  it('uses only the delimiter it is given: tabs, semicolons and pipes are text', () => {
    expect(read('a\tb;c|d,e\n')).toEqual([['a\tb;c|d', 'e']]);
    expect([...csvRecords('a\tb;c\n', '\t', LIMITS)]).toEqual([['a', 'b;c']]);
  });

  it('reads back what writeCsv wrote', () => {
    const rows = [['x, y', 'He said "no"', ' padded ', 'line\r\nbreak', '']];
    expect(read(writeCsv(['A', 'B', 'C', 'D', 'E'], rows))).toEqual([['A', 'B', 'C', 'D', 'E'], ...rows]);
  });

  it('stops at a record wider than the limit, with its full count', () => {
    expect(read('1,2,3,4,5\n')).toHaveLength(1);
    expect(problemOf('h\n1,2,3,4,5,6,7\n8')).toEqual({ kind: 'columns', record: 1, count: 7, ended: true });
    expect(problemOf(`${','.repeat(99)}`)).toEqual({ kind: 'columns', record: 0, count: 100, ended: false });
  });

  it('stops at a cell longer than the limit, quoted or not, before copying it', () => {
    expect(read(`${'x'.repeat(20)},"${'y'.repeat(19)}"`)).toHaveLength(1);
    expect(problemOf(`h\nok,${'x'.repeat(21)}`)).toEqual({ kind: 'cell', record: 1 });
    expect(problemOf(`h\n"${'y'.repeat(20)}"`)).toEqual({ kind: 'cell', record: 1 });
    expect(problemOf(`"${'y'.repeat(10)}"${'z'.repeat(11)}`)).toEqual({ kind: 'cell', record: 0 });
    expect(problemOf(`"${'y'.repeat(100)}`)).toEqual({ kind: 'cell', record: 0 });
  });

  it('reads a huge cell in linear time', () => {
    const big = `"${'y'.repeat(20_000_000)}"`;
    const t0 = performance.now();
    expect(problemOf(big, { columns: 5, cellChars: 100_000 })).toEqual({ kind: 'cell', record: 0 });
    expect(performance.now() - t0).toBeLessThan(200);
  });
});

describe('formula guard (OWASP CSV injection)', () => {
  const DANGEROUS = ['=', '+', '-', '@', '\t', '\r'];

  it('writes a text cell that begins with a formula character with a leading apostrophe', () => {
    for (const c of DANGEROUS) {
      const text = `${c}HYPERLINK("http://x")`;
      expect(guardFormula(text)).toBe(`'${text}`);
      const [, row] = read(writeCsv(['A'], [[text]]), { columns: 5, cellChars: 200 });
      expect(row).toEqual([`'${text}`]);
    }
  });

  it('leaves other text and raw ISBN cells alone', () => {
    expect(guardFormula('Dune')).toBe('Dune');
    expect(guardFormula("'tis the season")).toBe("'tis the season");
    expect(guardFormula(' =spaced')).toBe(' =spaced');
    expect(writeCsv(['A'], [[{ raw: '="0441172717"' }]])).toBe('A\r\n="0441172717"\r\n');
  });

  it('gives back exactly what was guarded, an apostrophe already before a formula character included', () => {
    const texts = [...DANGEROUS.flatMap((c) => [`${c}x`, `'${c}x`, `''${c}x`]), "'plain", "'", ''];
    for (const text of texts) expect(unguardFormula(guardFormula(text))).toBe(text);
    expect(guardFormula("'=x")).toBe("''=x");
    // A cell from another tool that begins with ' before a formula character loses that one quote.
    expect(unguardFormula("'@me")).toBe('@me');
    expect(unguardFormula("'plain")).toBe("'plain");
    expect(guardFormula("''=x")).toBe("'''=x");
  });
});
