// Google sign-in from the desktop app (ARCHITECTURE.md "Desktop shell"): the system browser goes to our
// server's /auth/v1/authorize with a PKCE S256 challenge; the server sends the browser back to
// shelfwise://auth/callback?state=...&code=..., and main exchanges the code with its verifier (auth-flows).
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
}

export function createGoogleSignIn(deps: GoogleSignInDeps): { start(): Promise<void> } {
  return {
    async start() {
      const url = googleAuthorizeUrl(deps.serverUrl, deps.flows.startOwnPkce('google'));
      if (!(await deps.openInBrowser(url))) throw new Error('The sign-in page could not be opened.');
    },
  };
}
