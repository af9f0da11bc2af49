// The one rule for free text in requests: no C0 control characters but tab, LF and CR, no lone surrogates.
import { describe, expect, it } from 'vitest';
import { isFitText, text } from './common';
import { readingCursor } from './reading';

describe('isFitText', () => {
  it('takes ordinary text, tabs, newlines, emoji and combining marks', () => {
    for (const value of [
      '',
      'Pride and Prejudice',
      'a\tb',
      'one\ntwo\r\n',
      '📚 𝔄 e\u0301',
      '\u007f',
      '\u00a0',
    ])
      expect(isFitText(value), JSON.stringify(value)).toBe(true);
  });

  it('refuses NUL, the other C0 controls and unpaired surrogates', () => {
    for (const value of [
      '\u0000',
      'a\u0001',
      '\u000b',
      '\u000c',
      '\u001b',
      '\u001f',
      '\ud800',
      'a\udfff',
      '\ud83d',
      '\ude00\ud83d',
    ])
      expect(isFitText(value), JSON.stringify(value)).toBe(false);
  });

  it('names the field through zod', () => {
    const result = text().safeParse('x\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must not contain control characters or broken Unicode');
  });
});

describe('readingCursor', () => {
  const id = '0b4f8f5e-7a3c-4d2e-9f1a-2b3c4d5e6f70';
  it('takes real instants, leap days included', () => {
    for (const stamp of [
      '2024-02-29T23:59:59.999999Z',
      '0001-01-01T00:00:00.000000Z',
      '2026-12-31T00:00:00.000000Z',
    ])
      expect(readingCursor.safeParse(`${stamp}|${id}`).success, stamp).toBe(true);
  });

  it('refuses impossible dates and times, and ids that are not uuids', () => {
    for (const cursor of [
      `2023-02-29T00:00:00.000000Z|${id}`,
      `2024-04-31T00:00:00.000000Z|${id}`,
      `0000-01-01T00:00:00.000000Z|${id}`,
      `2024-01-01T23:60:00.000000Z|${id}`,
      `2024-01-01T00:00:00.000000Z|${'-'.repeat(36)}`,
    ])
      expect(readingCursor.safeParse(cursor).success, cursor).toBe(false);
  });
});
