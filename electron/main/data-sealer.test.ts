import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryVault } from './auth/testing/memory-vault';
import { DATA_KEY_VAULT_ITEM, sealerWithKey, vaultSealer } from './data-sealer';

describe('data sealer', () => {
  it('seals with a fresh IV each time and opens only untampered text under its own key', () => {
    const sealer = sealerWithKey(randomBytes(32));
    const a = sealer.seal('journal');
    expect(a).not.toBe(sealer.seal('journal'));
    expect(a).not.toContain('journal');
    expect(sealer.open(a)).toBe('journal');
    const [v, iv, tag, body] = a.split('.');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0]! ^= 1;
    expect(() => sealer.open([v, iv, tag, flipped.toString('base64')].join('.'))).toThrow();
    expect(() => sealerWithKey(randomBytes(32)).open(a)).toThrow();
    expect(() => sealer.open('plain text')).toThrow();
  });

  it('keeps its key in the vault, made once and reused', async () => {
    const vault = await memoryVault();
    const sealed = (await vaultSealer(vault)).seal('shelves');
    const key = await vault.getItem(DATA_KEY_VAULT_ITEM);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect((await vaultSealer(vault)).open(sealed)).toBe('shelves');
    expect(await vault.getItem(DATA_KEY_VAULT_ITEM)).toBe(key);
  });
});
