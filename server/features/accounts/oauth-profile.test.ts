import { describe, expect, it } from 'vitest';
import { USERNAME_PATTERN } from '@shared/api/accounts';
import { usernameCandidates } from './oauth-profile';

describe('usernameCandidates', () => {
  it('starts from the address, then adds digits, and every candidate passes the username rule', () => {
    const candidates = usernameCandidates('grace.hopper+books@example.test', 'Grace', 'Hopper');
    expect(candidates[0]).toBe('grace.hopperbooks');
    expect(candidates[1]).toMatch(/^grace\.hopperbooks\d{4}$/);
    expect(new Set(candidates).size).toBe(candidates.length);
    for (const c of candidates) expect(c).toMatch(USERNAME_PATTERN);
  });

  it('falls back to the name, then to "reader", when the address gives too little', () => {
    expect(usernameCandidates('éé@example.test', 'José', 'Núñez')[0]).toBe('Jose.Nunez');
    expect(usernameCandidates('a@example.test', null, null)[0]).toBe('reader');
    expect(usernameCandidates(null, '李', null)[0]).toBe('reader');
  });

  it('keeps long addresses within 30 characters with room for the suffix', () => {
    const candidates = usernameCandidates(`${'x'.repeat(60)}@example.test`, null, null);
    expect(candidates[0]).toHaveLength(24);
    for (const c of candidates) expect(c.length).toBeLessThanOrEqual(30);
  });
});
