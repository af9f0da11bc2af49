import { describe, expect, it } from 'vitest';
import { authMail } from './templates';

const LINK = 'https://shelfwise.app/confirm-sign-in?confirmation_url=x&y=1';

describe('authMail', () => {
  it('puts the sign-in code beside the link, in the text and the HTML, with one expiry for both', () => {
    const mail = authMail('magiclink', 'ada@example.test', LINK, 60, '042917');
    expect(mail.subject).toBe('Your Shelfwise sign-in link');
    expect(mail.links).toEqual([LINK]);
    expect(mail.text).toContain(`Sign In: ${LINK}`);
    expect(mail.text).toContain('Or enter this code in Shelfwise: 042917');
    expect(mail.text).toContain('The link and the code work once and expire in 60 minutes.');
    expect(mail.html).toContain('042917');
    expect(mail.html).toContain('href="https://shelfwise.app/confirm-sign-in?confirmation_url=x&amp;y=1"');
  });

  it('mentions no code in mails that carry none', () => {
    const mail = authMail('recovery', 'ada@example.test', LINK, 60);
    expect(mail.text).not.toContain('code');
    expect(mail.text).toContain('The link works once and expires in 60 minutes.');
  });
});
