// A local OpenID provider standing in for Google (GOOGLE_ISSUER), built on oidc-provider, and a driver that
// plays the browser through a sign-in: follows redirects by hand, keeps the provider's cookies, and fills
// in the provider's login form.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Account, OidcContext } from 'oidc-provider';

export interface OidcAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) an account that can sign in; its id is the `sub` the provider reports. */
  addAccount(sub: string, account: OidcAccount): void;
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const accounts = new Map<string, OidcAccount>();
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => handle?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'shelfwise-test';
  const clientSecret = 'shelfwise-test-secret-0123456789';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    // Like Google: the profile claims ride in the ID token.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    // Consent is taken as given, as for an app the user has approved before.
    async loadExistingGrant(ctx: OidcContext) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  handle = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (sub, account) => void accounts.set(sub, account),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the browser from `startUrl` (our /auth/v1/authorize) until a redirect leaves both the auth server and
 * the provider, and answers that final URL (redirect_to with ?code= or ?error=). At the provider's login
 * page it signs in as `sub`, or cancels when `sub` is null.
 */
export async function browseSignIn(
  startUrl: string,
  provider: TestOidcProvider,
  sub: string | null,
  /** Collects every URL visited on the way, for tests that replay one. */
  trail: URL[] = [],
): Promise<URL> {
  const cookies = new Map<string, string>();
  const server = new URL(startUrl).origin;
  let url = new URL(startUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 20; step += 1) {
    const onProvider = url.origin === provider.issuer;
    const headers = new Headers(init.headers);
    if (onProvider && cookies.size)
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    trail.push(url);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    init = {};
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      if (url.origin !== server && url.origin !== provider.issuer) return url;
      continue;
    }
    const page = await res.text();
    if (onProvider && res.status === 200 && /\/interaction\/[^/]+$/.test(url.pathname)) {
      if (sub === null) {
        url = new URL(`${url.pathname}/abort`, url);
        continue;
      }
      const prompt = page.includes('value="consent"') ? 'consent' : 'login';
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt, login: sub, password: 'any' }).toString(),
      };
      continue;
    }
    throw new Error(`unexpected ${res.status} at ${url}: ${page.slice(0, 300)}`);
  }
  throw new Error('too many redirects');
}
