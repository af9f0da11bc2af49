// Google sign-in from the desktop app (ARCHITECTURE.md "Desktop shell"): the system browser goes to our
// server's /auth/v1/authorize with a PKCE S256 challenge; the server sends the browser back to
// shelfwise://auth/callback?state=...&code=..., and main exchanges the code with its verifier (auth-flows).
import { GOOGLE_UNAVAILABLE_MESSAGE } from '@shared/api/accounts';
import { BridgeFailure } from '../bridge-failure';
import type { AuthFlows } from './auth-flows';

export function googleAuthorizeUrl(
  serverUrl: string,
  flow: { redirectTo: string; challenge: string },
): string {
  const query = new URLSearchParams({
    provider: 'google',
    redirect_to: flow.redirectTo,
    code_challenge: flow.challenge,
    // The spelling supabase-js sends and our server expects.
    code_challenge_method: 's256',
  });
  return `${serverUrl}/auth/v1/authorize?${query}`;
}

export interface GoogleSignInDeps {
  serverUrl: string;
  flows: Pick<AuthFlows, 'startOwnPkce'>;
  /** The http(s)-only opener (main/external-links.ts); answers false when it refused the URL. */
  openInBrowser: (url: string) => Promise<boolean>;
  /** Whether the server has Google configured (GET /auth/v1/settings); null when it cannot tell. */
  googleAvailable: () => Promise<boolean | null>;
}

export function createGoogleSignIn(deps: GoogleSignInDeps): { start(): Promise<void> } {
  return {
    async start() {
      // Asked first: the browser would otherwise open on a server that can only send the reader back, and
      // the message belongs in the app, on the login screen that was clicked. When the server cannot say,
      // the browser goes anyway and the server's own redirect brings any error back by deep link.
      if ((await deps.googleAvailable()) === false) {
        throw new BridgeFailure({
          kind: 'auth',
          message: GOOGLE_UNAVAILABLE_MESSAGE,
          code: 'provider_disabled',
          status: 400,
        });
      }
      const url = googleAuthorizeUrl(deps.serverUrl, deps.flows.startOwnPkce('google'));
      if (!(await deps.openInBrowser(url))) throw new Error('The sign-in page could not be opened.');
    },
  };
}
