import { describe, expect, it } from 'vitest';
import { canSeeWork } from './visibility';

const maker = 'a1b2c3d4-0000-4000-8000-000000000001';
const other = 'a1b2c3d4-0000-4000-8000-000000000002';
const unverified = { verified: false, created_by: maker };

describe('canSeeWork', () => {
  it('shows a verified work to everyone, signed in or not', () => {
    const work = { verified: true, created_by: maker };
    expect(canSeeWork(work, { userId: null, isAdmin: false })).toBe(true);
    expect(canSeeWork(work, { userId: other, isAdmin: false })).toBe(true);
  });

  it('shows an unverified work to its maker and to admins only', () => {
    expect(canSeeWork(unverified, { userId: maker, isAdmin: false })).toBe(true);
    expect(canSeeWork(unverified, { userId: other, isAdmin: true })).toBe(true);
    expect(canSeeWork(unverified, { userId: other, isAdmin: false })).toBe(false);
    expect(canSeeWork(unverified, { userId: null, isAdmin: false })).toBe(false);
  });

  it('shows an unverified work whose maker is gone to admins only', () => {
    const orphan = { verified: false, created_by: null };
    expect(canSeeWork(orphan, { userId: null, isAdmin: false })).toBe(false);
    expect(canSeeWork(orphan, { userId: other, isAdmin: false })).toBe(false);
    expect(canSeeWork(orphan, { userId: other, isAdmin: true })).toBe(true);
  });
});
