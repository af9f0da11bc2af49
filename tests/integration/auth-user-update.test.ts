// PUT /user through supabase-js updateUser: metadata, and an e-mail change confirmed from the new address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authFetch,
  authTableCounts,
  confirmationUrl,
  followLink,
  latestMail,
  registerConfirmed,
} from '../support/auth-flows';
import type { Registration } from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { siteUrls: ['https://shelfwise.example'] } });
});
afterAll(() => s.close());

async function signedIn(reg: Registration) {
  const client = s.client();
  const { error } = await client.auth.signInWithPassword({ email: reg.email, password: reg.password });
  expect(error).toBeNull();
  return client;
}

describe('updateUser', () => {
  it('merges user metadata, and a key set to null is removed', async () => {
    const client = await signedIn(await registerConfirmed(s));
    const first = await client.auth.updateUser({ data: { display_name: 'Ada', theme: 'dark' } });
    expect(first.error).toBeNull();
    expect(first.data.user?.user_metadata).toMatchObject({ display_name: 'Ada', theme: 'dark' });
    const second = await client.auth.updateUser({ data: { theme: null, shelf_view: 'grid' } });
    expect(second.data.user?.user_metadata).toEqual(
      expect.objectContaining({ display_name: 'Ada', shelf_view: 'grid' }),
    );
    expect(second.data.user?.user_metadata).not.toHaveProperty('theme');
    expect((await client.auth.getUser()).data.user?.user_metadata).toEqual(second.data.user?.user_metadata);
  });

  it('changes the e-mail address only once the new address confirms it', async () => {
    const reg = await registerConfirmed(s);
    const client = await signedIn(reg);
    const newEmail = `new-${reg.email}`;
    const { data, error } = await client.auth.updateUser(
      { email: newEmail.toUpperCase() },
      { emailRedirectTo: 'https://shelfwise.example/settings' },
    );
    expect(error).toBeNull();
    expect(data.user?.email).toBe(reg.email);
    expect(data.user?.new_email).toBe(newEmail);
    expect(data.user?.email_change_sent_at).toBeTruthy();

    expect(await s.mails(reg.email).then((m) => m.filter((x) => x.subject.includes('new')))).toEqual([]);
    const mail = await latestMail(s, newEmail);
    expect(mail.subject).toBe('Confirm your new Shelfwise e-mail address');
    expect(mail.links[0]).toMatch(new RegExp(`^${s.url}/change-email\\?confirmation_url=`));
    const verify = new URL(confirmationUrl(mail));
    expect(verify.searchParams.get('type')).toBe('email_change');

    // Not yet: the old address still signs in.
    expect(
      (await s.client().auth.signInWithPassword({ email: reg.email, password: reg.password })).error,
    ).toBeNull();

    const landed = await followLink(verify.toString());
    expect(landed.origin + landed.pathname).toBe('https://shelfwise.example/settings');
    // A PKCE client gets a code, as from Supabase Auth. supabase-js 2.109 drops its verifier when updateUser
    // saves the session, so the app does not exchange it: the change is made at /verify, and the session it
    // already has sees the new address.
    expect(landed.searchParams.get('code')).toBeTruthy();
    const { data: after } = await client.auth.getUser();
    expect(after.user?.email).toBe(newEmail);
    expect(after.user?.new_email).toBeUndefined();
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.data.session?.user.email).toBe(newEmail);

    const old = await s.client().auth.signInWithPassword({ email: reg.email, password: reg.password });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await s.client().auth.signInWithPassword({ email: newEmail, password: reg.password });
    expect(fresh.error).toBeNull();
    expect(fresh.data.user?.identities?.[0]?.identity_data?.email).toBe(newEmail);
  });

  it('refuses an address another account uses, and bad values, changing nothing', async () => {
    const other = await registerConfirmed(s);
    const reg = await registerConfirmed(s);
    const client = await signedIn(reg);
    const token = (await client.auth.getSession()).data.session?.access_token ?? '';
    const before = await authTableCounts(s);

    const taken = await client.auth.updateUser({ email: other.email });
    expect(taken.error?.code).toBe('email_exists');
    expect(taken.error?.status).toBe(422);

    const cases: [unknown, number, string][] = [
      [{ email: 'not-an-address' }, 400, 'validation_failed'],
      [{ email: 42 }, 400, 'validation_failed'],
      [{ data: ['a', 'b'] }, 400, 'validation_failed'],
      [{ data: 'text' }, 400, 'validation_failed'],
      [{ data: { big: 'x'.repeat(20_000) } }, 400, 'validation_failed'],
      [{ password: 'weak' }, 422, 'weak_password'],
      [{ password: 12345678 }, 400, 'validation_failed'],
      [
        { email: `fine-${reg.email}`, code_challenge: 'short', code_challenge_method: 's256' },
        400,
        'validation_failed',
      ],
      [{ data: { ok: 1 }, password: 'weak' }, 422, 'weak_password'],
      ['not json', 400, 'bad_json'],
      [[1, 2], 400, 'bad_json'],
    ];
    for (const [body, status, code] of cases) {
      const res = await authFetch(s, '/user', { method: 'PUT', token, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
    }
    expect(await authTableCounts(s)).toEqual(before);
    expect((await client.auth.getUser()).data.user?.user_metadata).not.toHaveProperty('ok');
  });

  it('refuses a stale e-mail change link after a newer change request', async () => {
    const reg = await registerConfirmed(s);
    const client = await signedIn(reg);
    await client.auth.updateUser({ email: `first-${reg.email}` });
    const first = confirmationUrl(await latestMail(s, `first-${reg.email}`));
    await client.auth.updateUser({ email: `second-${reg.email}` });
    expect((await followLink(first)).searchParams.get('error_code')).toBe('otp_expired');
    expect((await client.auth.getUser()).data.user?.email).toBe(reg.email);
  });

  it('needs a live session', async () => {
    const reg = await registerConfirmed(s);
    const client = await signedIn(reg);
    const token = (await client.auth.getSession()).data.session?.access_token ?? '';
    await client.auth.signOut();
    const res = await authFetch(s, '/user', { method: 'PUT', token, body: { data: { x: 1 } } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('session_not_found');
    const none = await authFetch(s, '/user', {
      method: 'PUT',
      body: { data: { x: 1 } },
      headers: { authorization: '' },
    });
    expect(none.status).toBe(401);
  });
});
