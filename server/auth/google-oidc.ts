// Google sign-in through OpenID Connect (openid-client). The provider is discovered from GOOGLE_ISSUER on
// first use and remembered; tests point GOOGLE_ISSUER at a local oidc-provider. Our side of the exchange
// uses its own PKCE verifier, state and nonce, all kept in auth.flow_state until Google comes back.
import * as oidc from 'openid-client';
import type { Config } from '../config';

export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

export interface ProviderChecks {
  state: string;
  nonce: string;
  verifier: string;
}

export interface GoogleOidc {
  readonly enabled: boolean;
  /** Fresh state, nonce and PKCE verifier for one sign-in. */
  newChecks(): ProviderChecks;
  authorizationUrl(checks: ProviderChecks): Promise<URL>;
  /** Exchanges the code in `callbackUrl` and answers who signed in. Throws when anything does not check out. */
  finish(callbackUrl: URL, checks: ProviderChecks): Promise<GoogleProfile>;
}

const DISCOVERY_TIMEOUT_SECONDS = 10;
const SCOPES = 'openid email profile';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

export function callbackUrl(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}/auth/v1/callback`;
}

export function createGoogleOidc(
  config: Pick<Config, 'googleClientId' | 'googleClientSecret' | 'googleIssuer' | 'publicUrl'>,
): GoogleOidc {
  const { googleClientId: clientId, googleClientSecret: secret } = config;
  let discovered: Promise<oidc.Configuration> | null = null;

  const configuration = () => {
    if (!clientId || !secret) throw new Error('Google sign-in is not configured');
    const issuer = new URL(config.googleIssuer);
    // Plain http is only for a local stand-in provider (tests, development).
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
    discovered ??= oidc
      .discovery(issuer, clientId, undefined, oidc.ClientSecretPost(secret), {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        execute: local ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        discovered = null; // try again on the next sign-in rather than remember an outage
        throw err;
      });
    return discovered;
  };

  return {
    enabled: Boolean(clientId && secret),
    newChecks: () => ({
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
    }),
    async authorizationUrl(checks) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: callbackUrl(config),
        response_type: 'code',
        scope: SCOPES,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(url, checks) {
      const conf = await configuration();
      const tokens = await oidc.authorizationCodeGrant(conf, url, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider sent no ID token');
      // Google puts the profile in the ID token; providers that do not are asked at their userinfo endpoint.
      const info: Record<string, unknown> =
        typeof claims.email === 'string'
          ? claims
          : { ...(await oidc.fetchUserInfo(conf, tokens.access_token, claims.sub)), ...claims };
      return {
        sub: claims.sub,
        email: text(info.email)?.toLowerCase() ?? null,
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        name: text(info.name),
        givenName: text(info.given_name),
        familyName: text(info.family_name),
        picture: text(info.picture),
      };
    },
  };
}
