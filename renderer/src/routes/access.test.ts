import { describe, expect, it } from 'vitest';
import { decideAccess } from './access';
import type { RouteRule } from './access';

const loading = { status: 'loading', profileState: 'none', isAdmin: false } as const;
const signedOut = { status: 'signed-out', profileState: 'none', isAdmin: false } as const;
const reader = { status: 'signed-in', profileState: 'ready', isAdmin: false } as const;
const admin = { status: 'signed-in', profileState: 'ready', isAdmin: true } as const;
const profileLoading = { status: 'signed-in', profileState: 'loading', isAdmin: false } as const;

const rules: Record<string, RouteRule> = {
  anyone: { only: 'anyone' },
  login: { only: 'signed-out', otherwise: '/settings' },
  settings: { only: 'signed-in', otherwise: '/login' },
  myBooks: { only: 'signed-in', otherwise: '/' },
  admin: { only: 'admin', otherwise: '/' },
};

describe('decideAccess', () => {
  it('shows public pages to everyone, even before the session is known', () => {
    for (const s of [loading, signedOut, reader])
      expect(decideAccess(rules.anyone!, s)).toEqual({ kind: 'render' });
  });

  it('waits for the session before deciding anything else', () => {
    for (const rule of [rules.login, rules.settings, rules.admin]) {
      expect(decideAccess(rule!, loading)).toEqual({ kind: 'wait' });
    }
  });

  it('sends signed-in visitors of /signup and /login to /settings', () => {
    expect(decideAccess(rules.login!, reader)).toEqual({ kind: 'redirect', to: '/settings' });
    expect(decideAccess(rules.login!, signedOut)).toEqual({ kind: 'render' });
  });

  it('sends signed-out visitors of signed-in pages where the rule says', () => {
    expect(decideAccess(rules.settings!, signedOut)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess(rules.myBooks!, signedOut)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess(rules.myBooks!, reader)).toEqual({ kind: 'render' });
  });

  it('lets only admins into admin pages, once the profile says who is one', () => {
    expect(decideAccess(rules.admin!, signedOut)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess(rules.admin!, profileLoading)).toEqual({ kind: 'wait' });
    expect(decideAccess(rules.admin!, reader)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess(rules.admin!, admin)).toEqual({ kind: 'render' });
  });
});
