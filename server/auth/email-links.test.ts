import { describe, expect, it } from 'vitest';
import { parseDeepLink } from '@shared/deep-links';
import { mailLink, verifyUrl } from './email-links';

const config = { publicUrl: 'http://localhost:8787', siteUrls: ['https://shelfwise.app'] };
const DESKTOP = 'shelfwise://auth/callback?state=aZ09_-aZ09_-aZ09_-aZ09_-aZ09_-aZ09_-abcdefg';
const verify = verifyUrl(config.publicUrl, 'tok-en_1', 'signup', DESKTOP);
const encoded = encodeURIComponent(verify);

describe('mailLink', () => {
  it('links a desktop flow into the app, by a link the app parses back to the same verify URL', () => {
    const link = mailLink('signup', verify, { origin: 'https://shelfwise.app', redirectTo: DESKTOP }, config);
    expect(link).toBe(`shelfwise://confirm-signup?confirmation_url=${encoded}`);
    expect(parseDeepLink(link, [config.publicUrl])).toEqual({
      ok: true,
      link: { route: 'confirm-signup', params: { confirmation_url: verify } },
    });
  });

  it('links a desktop sign-in link into the app’s sign-in page', () => {
    const signIn = verifyUrl(config.publicUrl, 'tok-en_1', 'magiclink', DESKTOP);
    expect(new URL(signIn).searchParams.get('type')).toBe('magiclink');
    const link = mailLink('magiclink', signIn, { origin: null, redirectTo: DESKTOP }, config);
    expect(parseDeepLink(link, [config.publicUrl])).toEqual({
      ok: true,
      link: { route: 'confirm-sign-in', params: { confirmation_url: signIn } },
    });
  });

  it('links a web flow to the page on the request’s origin when it is one of ours', () => {
    const where = { origin: 'https://shelfwise.app', redirectTo: 'https://shelfwise.app/' };
    expect(mailLink('recovery', verify, where, config)).toBe(
      `https://shelfwise.app/confirm-reset?confirmation_url=${encoded}`,
    );
    expect(mailLink('email_change', verify, { ...where, origin: null }, config)).toBe(
      `http://localhost:8787/change-email?confirmation_url=${encoded}`,
    );
  });

  it('ignores any other origin the request names', () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost:5173',
      'null',
      'https://u@shelfwise.app.evil',
    ]) {
      expect(mailLink('signup', verify, { origin, redirectTo: config.publicUrl }, config)).toBe(
        `http://localhost:8787/confirm-signup?confirmation_url=${encoded}`,
      );
    }
  });
});
