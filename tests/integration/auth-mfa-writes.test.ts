// A session that stopped at the password on an account with two-step sign-in writes nothing anywhere
// (issue 31): not /sf/ (auth-mfa.test.ts), not the avatar in /storage/v1, not the user in PUT /auth/v1/user.
// The same session writes once its second factor is given.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConfirmed } from '../support/auth-flows';
import { enrolTotp, nextTotpCode } from '../support/mfa-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
let png: Buffer;
beforeAll(async () => {
  s = await startTestServer();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
});
afterAll(() => s.close());

describe('a password-only session of a protected account', () => {
  it('cannot upload or remove an avatar, nor change the user, until its code is given', async () => {
    const reg = await registerConfirmed(s);
    const owner = s.client();
    expect((await owner.auth.signInWithPassword(reg)).error).toBeNull();
    const { factorId, secret } = await enrolTotp(owner);
    const userId = (await owner.auth.getUser()).data.user!.id;
    const path = `public/${userId}.png`;
    expect(
      (await owner.storage.from('avatars').upload(path, png, { contentType: 'image/png' })).error,
    ).toBeNull();

    const other = s.client();
    expect((await other.auth.signInWithPassword(reg)).error).toBeNull();
    const upload = await other.storage
      .from('avatars')
      .upload(path, png, { contentType: 'image/png', upsert: true });
    expect(upload.error).toMatchObject({ statusCode: '403' });
    expect(upload.error?.message).toBe('Enter the code from your authenticator app to finish signing in.');
    const removed = await other.storage.from('avatars').remove([path]);
    expect(removed.error).toMatchObject({ statusCode: '403' });
    const update = await other.auth.updateUser({ data: { note: 'changed on a password alone' } });
    expect(update.error?.code).toBe('insufficient_aal');
    const password = await other.auth.updateUser({ password: 'An0ther#Sturdy1' });
    expect(password.error?.code).toBe('insufficient_aal');
    // Nothing moved: the avatar is still served, the metadata unchanged.
    expect((await fetch(`${s.url}/storage/v1/object/public/avatars/${path}`)).status).toBe(200);
    expect((await owner.auth.getUser()).data.user?.user_metadata.note).toBeUndefined();

    expect(
      (await other.auth.mfa.challengeAndVerify({ factorId, code: nextTotpCode(secret) })).error,
    ).toBeNull();
    const after = await other.storage
      .from('avatars')
      .upload(path, png, { contentType: 'image/png', upsert: true });
    expect(after.error).toBeNull();
    expect((await other.auth.updateUser({ data: { note: 'after the code' } })).error).toBeNull();
  });
});
