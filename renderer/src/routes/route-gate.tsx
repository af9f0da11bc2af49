import { useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../session/session-context';
import { decideAccess } from './access';
import type { RouteRule } from './access';

/** Renders the page, a loader while the session is not known yet, or the redirect the rule asks for. */
export function RouteGate({ rule, children }: { rule: RouteRule; children: ReactNode }) {
  const decision = decideAccess(rule, useSession());
  // Someone who signs in on /login or /signup is sent on by that page (Log in goes to '/'); the rule's
  // redirect to /settings is for visitors who arrive already signed in.
  const [admitted, setAdmitted] = useState(false);
  if (rule.only === 'signed-out' && decision.kind === 'render' && !admitted) setAdmitted(true);

  if (admitted) return children;
  if (decision.kind === 'wait') return <PageLoader />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
