// Reading and removing what an auth redirect leaves in the address: a PKCE `?code=`, a session fragment
// (`#access_token=...&refresh_token=...&type=recovery`), or an error (`error`, `error_code`,
// `error_description`, in the query or the fragment).

const AUTH_PARAMS = ['code', 'error', 'error_code', 'error_description'];
const FRAGMENT_SESSION_PARAMS = [
  'access_token',
  'refresh_token',
  'expires_in',
  'expires_at',
  'token_type',
  'type',
  'provider_token',
  'provider_refresh_token',
];

export type AuthRedirectParams =
  | { kind: 'none' }
  | { kind: 'error'; message: string }
  | { kind: 'code'; code: string }
  | { kind: 'fragment'; accessToken: string; refreshToken: string; type: string | null };

export function readAuthRedirect(href: string): AuthRedirectParams {
  const url = new URL(href);
  const query = url.searchParams;
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const pick = (name: string) => query.get(name) ?? fragment.get(name);

  const error = pick('error_description') ?? pick('error') ?? pick('error_code');
  if (error) return { kind: 'error', message: error };
  const code = query.get('code');
  if (code) return { kind: 'code', code };
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (accessToken && refreshToken)
    return { kind: 'fragment', accessToken, refreshToken, type: fragment.get('type') };
  return { kind: 'none' };
}

/** The in-app path (path, query, fragment) of `href` without the auth parameters. */
export function stripAuthRedirect(href: string): string {
  const url = new URL(href);
  for (const name of AUTH_PARAMS) url.searchParams.delete(name);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const fragmentHadAuth = [...AUTH_PARAMS, ...FRAGMENT_SESSION_PARAMS].some((name) => fragment.has(name));
  if (fragmentHadAuth) {
    for (const name of [...AUTH_PARAMS, ...FRAGMENT_SESSION_PARAMS]) fragment.delete(name);
    const rest = fragment.toString();
    url.hash = rest ? `#${rest}` : '';
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
