import { describe, expect, it } from 'vitest';
import { createSecretBox, deriveMfaKey } from './secret-box';

const box = createSecretBox(deriveMfaKey(new TextEncoder().encode('a'.repeat(40))));

describe('secret box', () => {
  it('opens what it sealed for the same row, and the sealed text does not show the secret', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'factor-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'factor-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value moved to another row, tampered with, or sealed under another key', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'factor-1');
    expect(box.open(sealed, 'factor-2')).toBeNull();
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(box.open([v, iv, flipped, tag].join('.'), 'factor-1')).toBeNull();
    const other = createSecretBox(deriveMfaKey(new TextEncoder().encode('b'.repeat(40))));
    expect(other.open(sealed, 'factor-1')).toBeNull();
    expect(box.open('garbage', 'factor-1')).toBeNull();
  });
});

describe('secret box digests', () => {
  it('are stable for one value and owner, differ across owners, values and keys, and do not show the value', () => {
    const digest = box.digest('abcde12345', 'user-1');
    expect(box.digest('abcde12345', 'user-1')).toBe(digest);
    expect(digest).not.toContain('abcde12345');
    expect(box.digest('abcde12345', 'user-2')).not.toBe(digest);
    expect(box.digest('abcde12346', 'user-1')).not.toBe(digest);
    const other = createSecretBox(deriveMfaKey(new TextEncoder().encode('b'.repeat(40))));
    expect(other.digest('abcde12345', 'user-1')).not.toBe(digest);
  });
});
