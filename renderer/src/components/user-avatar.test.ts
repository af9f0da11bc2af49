import { describe, expect, it } from 'vitest';
import { avatarInitials, avatarSrc } from './user-avatar';

describe('avatarInitials (SPEC.md §3)', () => {
  it('takes the first two letters of the username in capitals, or ?', () => {
    expect(avatarInitials('ada_l')).toBe('AD');
    expect(avatarInitials('x')).toBe('X');
    expect(avatarInitials('')).toBe('?');
    expect(avatarInitials(null)).toBe('?');
  });
});

describe('avatarSrc', () => {
  const id = '3f1d3f3e-5d5b-4c53-9a53-2f0d9d6e7a11';
  it('loads full URLs as they are and storage paths from the avatars bucket', () => {
    expect(avatarSrc(`http://h/storage/v1/object/public/avatars/public/${id}.png?t=1`)).toBe(
      `http://h/storage/v1/object/public/avatars/public/${id}.png?t=1`,
    );
    expect(avatarSrc(`public/${id}.png`)).toBe(`/storage/v1/object/public/avatars/public/${id}.png`);
    expect(avatarSrc(`avatars/public/${id}.png`)).toBe(`/storage/v1/object/public/avatars/public/${id}.png`);
    expect(avatarSrc(null)).toBeNull();
    expect(avatarSrc('')).toBeNull();
  });
});
