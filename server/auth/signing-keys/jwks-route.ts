// GET /.well-known/jwks.json (and /auth/v1/.well-known/jwks.json, where supabase-js getClaims looks): the
// public keys that verify access tokens, in GoTrue's shape. Public by nature, so no API key is asked and any
// origin may read it. Caches may keep it a minute: a verifier that meets a kid it does not know fetches again
// (supabase-js and jose both do), and a rotated key is published before any instance has signed with it for
// long.
import type { Context } from 'hono';
import type { Keys } from '../keys';

const CACHE_SECONDS = 60;

export async function serveJwks(c: Context, keys: Keys): Promise<Response> {
  const jwks = await keys.signingKeys.jwks();
  c.header('cache-control', `public, max-age=${CACHE_SECONDS}`);
  c.header('access-control-allow-origin', '*');
  return c.json(jwks);
}
