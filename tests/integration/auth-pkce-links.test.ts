// E-mail links made for a PKCE client (sign-up with a code_challenge, resetPasswordForEmail from a PKCE
// supabase-js client): whoever holds the link's token must not get a session from it through
// POST /verify {type, token_hash}. Only the code exchange with the verifier signs in, and the refused
// attempt leaves the link working for its rightful holder.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authFetch,
  authTableCounts,
  confirmationUrl,
  followLink,
  latestMail,
  register,
  registerConfirmed,
} from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { siteUrls: ['https://shelfwise.example'] } });
});
afterAll(() => s.close());

const pkcePair = () => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const tokenOf = (verifyUrl: string) => new URL(verifyUrl).searchParams.get('token') ?? '';

function expectNoSession(res: { status: number; body: any }) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body).not.toHaveProperty('access_token');
  expect(res.body).not.toHaveProperty('refresh_token');
  expect(res.body.code).toBe('flow_state_required');
}

describe('POST /verify with a token issued under a PKCE flow', () => {
  it('refuses a sign-up link without spending it; the code exchange with the verifier still signs in', async () => {
    const { verifier, challenge } = pkcePair();
    const reg = await register(s, {
      redirect_to: 'https://shelfwise.example/',
      code_challenge: challenge,
      code_challenge_method: 's256',
    });
    const verify = confirmationUrl(await latestMail(s, reg.email));
    const before = await authTableCounts(s);

    for (const type of ['signup', 'email']) {
      expectNoSession(await authFetch(s, '/verify', { body: { type, token_hash: tokenOf(verify) } }));
    }
    // supabase-js verifyOtp, as an attacker holding the link would call it.
    const attacker = s.client();
    const stolen = await attacker.auth.verifyOtp({ type: 'signup', token_hash: tokenOf(verify) });
    expect(stolen.data.session).toBeNull();
    expect(stolen.error?.code).toBe('flow_state_required');
    expect(await authTableCounts(s)).toEqual(before); // nothing spent, confirmed or signed in

    const landed = await followLink(verify);
    const code = landed.searchParams.get('code') ?? '';
    expect(code).toBeTruthy();
    const exchanged = await authFetch(s, '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.user.email).toBe(reg.email);
    expect(exchanged.body.user.email_confirmed_at).toBeTruthy();
  });

  it('refuses a PKCE reset link; the client that asked for it still finishes with its code', async () => {
    const reg = await registerConfirmed(s);
    const owner = s.client();
    const { error } = await owner.auth.resetPasswordForEmail(reg.email, {
      redirectTo: 'https://shelfwise.example/reset-password',
    });
    expect(error).toBeNull();
    const verify = confirmationUrl(await latestMail(s, reg.email));
    const before = await authTableCounts(s);

    expectNoSession(
      await authFetch(s, '/verify', { body: { type: 'recovery', token_hash: tokenOf(verify) } }),
    );
    const stolen = await s.client().auth.verifyOtp({ type: 'recovery', token_hash: tokenOf(verify) });
    expect(stolen.data.session).toBeNull();
    expect(stolen.error?.code).toBe('flow_state_required');
    expect(await authTableCounts(s)).toEqual(before);

    const landed = await followLink(verify);
    const exchanged = await owner.auth.exchangeCodeForSession(landed.searchParams.get('code') ?? '');
    expect(exchanged.error).toBeNull();
    expect(exchanged.data).toMatchObject({ redirectType: 'recovery' });
    expect(exchanged.data.user?.email).toBe(reg.email);
  });

  it('still answers a session for a link made without PKCE (implicit flow)', async () => {
    const reg = await register(s);
    const verify = confirmationUrl(await latestMail(s, reg.email));
    const res = await authFetch(s, '/verify', { body: { type: 'signup', token_hash: tokenOf(verify) } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(reg.email);
    expect(res.body.access_token).toBeTruthy();
  });
});
