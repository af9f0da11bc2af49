// Reading /auth/v1 requests: JSON bodies, string fields, the API key, and the signed-in caller.
import type { Context } from 'hono';
import { isFitText, UNFIT_TEXT_MESSAGE } from '@shared/api/common';
import type { Db } from '../db/db';
import { bearerToken } from '../http/caller';
import { clientIp } from '../http/client-ip';
import { ApiError } from '../http/errors';
import { readJsonBody } from '../http/json-body';
import {
  AuthError,
  badJwt,
  noAuthorization,
  sessionNotFound,
  userNotFound,
  validationFailed,
} from './auth-error';
import type { Keys } from './keys';
import type { ClientMeta } from './sessions';
import { isSessionLive } from './sessions';
import type { UserRow } from './users';
import { findUserById } from './users';

export type Body = Record<string, unknown>;

/** Longest string any auth field may be (tokens, addresses, passwords are all far shorter). */
const MAX_FIELD_LENGTH = 4096;

export async function readBody(c: Context): Promise<Body> {
  let body: unknown;
  try {
    body = await readJsonBody(c);
  } catch (err) {
    if (err instanceof ApiError) {
      throw new AuthError(err.status, err.status === 400 ? 'bad_json' : 'validation_failed', err.message);
    }
    throw err;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AuthError(400, 'bad_json', 'The request body must be a JSON object.');
  }
  const unfit = unfitStringPath(body, '');
  if (unfit !== null) throw validationFailed(`${unfit || 'body'} ${UNFIT_TEXT_MESSAGE}`);
  return body as Body;
}

/**
 * The path of the first string in a JSON value, keys included, holding a character no text field takes
 * (the rule of the /sf/ schemas, shared/api/common.ts), or null. Every field of an /auth/v1 body is
 * checked here once, user metadata at any depth too: PostgreSQL refuses NUL in text and unpaired
 * surrogates in jsonb.
 */
function unfitStringPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isFitText(value) ? null : path;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (!isFitText(key)) return childPath;
    const found = unfitStringPath(child, childPath);
    if (found !== null) return found;
  }
  return null;
}

/** A string field, or undefined when absent, null or empty; anything else is refused. */
export function stringField(body: Body, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw validationFailed(`${name} must be a string`);
  if (value.length > MAX_FIELD_LENGTH) throw validationFailed(`${name} is too long`);
  return value;
}

export const clientMeta = (c: Context): ClientMeta => ({
  userAgent: c.req.header('user-agent') ?? null,
  ip: clientIp(c),
});

/**
 * Every JSON call must carry one of our keys, as behind Supabase's gateway: supabase-js sends the anon (or
 * service role) key as `apikey`; a bare `Authorization: Bearer <our JWT>` also passes.
 */
export async function requireApiKey(c: Context, keys: Keys): Promise<void> {
  const apikey = c.req.header('apikey');
  const token = apikey ?? bearerToken(c.req.header('authorization'));
  if (!token) throw new AuthError(401, 'no_authorization', 'No API key found in request');
  if (!(await keys.verify(token))) throw new AuthError(401, 'no_authorization', 'Invalid API key');
}

export interface SignedIn {
  user: UserRow;
  sessionId: string;
}

/** The user behind the bearer access token, whose session must still exist. */
export async function requireUser(c: Context, keys: Keys, db: Db): Promise<SignedIn> {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw noAuthorization();
  const claims = await keys.verify(token);
  if (!claims || claims.role !== 'authenticated') throw badJwt();
  if (!(await isSessionLive(db, claims.session_id, claims.sub))) throw sessionNotFound();
  const user = await findUserById(db, claims.sub);
  if (!user) throw userNotFound();
  return { user, sessionId: claims.session_id };
}
