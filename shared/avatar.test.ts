import { describe, expect, it } from 'vitest';
import { avatarContentType, avatarObjectPath, avatarOwner, avatarPublicPath } from './avatar';

const id = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';

describe('avatar rules', () => {
  it('names one object per user, and only that path belongs to anyone', () => {
    expect(avatarObjectPath(id)).toBe(`public/${id}.png`);
    expect(avatarPublicPath(id)).toBe(`/storage/v1/object/public/avatars/public/${id}.png`);
    expect(avatarOwner(`public/${id}.png`)).toBe(id);
    for (const path of [
      `public/${id}.jpg`,
      `public/../${id}.png`,
      `private/${id}.png`,
      `public/${id}.png/x`,
      'public/me.png',
    ])
      expect(avatarOwner(path)).toBeNull();
  });

  it('takes PNG, JPEG and WebP, sends an untyped file as PNG, and refuses anything else', () => {
    expect(avatarContentType('image/jpeg')).toBe('image/jpeg');
    expect(avatarContentType('')).toBe('image/png');
    expect(avatarContentType('image/svg+xml')).toBeNull();
    expect(avatarContentType('text/html')).toBeNull();
  });
});
