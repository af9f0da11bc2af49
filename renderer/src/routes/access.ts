// Who may see a route, and where everyone else goes (SPEC.md §2 route table, §6 roles).
import type { SessionValue } from '../session/session-context';

export type RouteRule =
  | { only: 'anyone' }
  /** /signup and /login: a signed-in visitor goes elsewhere (/settings). */
  | { only: 'signed-out'; otherwise: string }
  | { only: 'signed-in'; otherwise: string }
  | { only: 'admin'; otherwise: string };

export type AccessDecision = { kind: 'wait' } | { kind: 'render' } | { kind: 'redirect'; to: string };

export function decideAccess(
  rule: RouteRule,
  session: Pick<SessionValue, 'status' | 'profileState' | 'isAdmin'>,
): AccessDecision {
  if (rule.only === 'anyone') return { kind: 'render' };
  if (session.status === 'loading') return { kind: 'wait' };
  const signedIn = session.status === 'signed-in';
  switch (rule.only) {
    case 'signed-out':
      return signedIn ? { kind: 'redirect', to: rule.otherwise } : { kind: 'render' };
    case 'signed-in':
      return signedIn ? { kind: 'render' } : { kind: 'redirect', to: rule.otherwise };
    case 'admin':
      if (!signedIn) return { kind: 'redirect', to: rule.otherwise };
      // Whether they are an admin is on the profile.
      if (session.profileState === 'loading') return { kind: 'wait' };
      return session.isAdmin ? { kind: 'render' } : { kind: 'redirect', to: rule.otherwise };
  }
}
