// The JSON bodies of /auth/v1, one zod schema each, and readBody, which turns what a schema refuses into
// GoTrue's validation_failed error. The messages are GoTrue's, since supabase-js hands them to the app.
import type { Context } from 'hono';
import { z } from 'zod';
import { emailSchema } from '@shared/api/accounts';
import { isFitText, text, UNFIT_TEXT_MESSAGE } from '@shared/api/common';
import { ApiError } from '../http/errors';
import { readJsonBody } from '../http/json-body';
import { AuthError, validationFailed } from './auth-error';
import { PASSWORD_MAX_LENGTH, USER_METADATA_MAX_BYTES } from './limits';
import { VERIFY_TYPES } from './one-time-tokens';
import { readCodeChallenge } from './secrets';

/** Longest string any auth field may be (tokens, addresses, passwords are all far shorter). */
const MAX_FIELD_LENGTH = 4096;

/** Refuses a body with GoTrue's message (a custom issue names no field: readBody shows it as is). */
function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** A string field, as GoTrue reads one: missing, null and empty all mean absent (undefined). */
export const field = (name: string) =>
  text(`${name} must be a string`)
    .max(MAX_FIELD_LENGTH, `${name} is too long`)
    .nullish()
    .transform((value) => value || undefined);

const requiredField = (name: string, missing: string) =>
  field(name).transform((value, ctx) => value ?? fail(ctx, missing));

/** The path of the first string in a JSON value, keys included, that is not text; null when there is none. */
function unfitPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return isFitText(value) ? null : path;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    if (!isFitText(key)) return [...path, key];
    const found = unfitPath(child, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Any JSON value whose strings, at any depth and keys included, pass the text rule of the /sf/ schemas:
 * PostgreSQL refuses NUL in text and unpaired surrogates in jsonb.
 */
const fitJson = z
  .unknown()
  .optional()
  .superRefine((value, ctx) => {
    const path = unfitPath(value);
    if (path !== null) ctx.addIssue({ code: 'custom', message: UNFIT_TEXT_MESSAGE, path });
  });

/** A body: the fields a route reads, plus any others, which are ignored but held to the text rule too. */
export const body = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape).catchall(fitJson);

function toAddress(email: string, ctx: z.RefinementCtx): string {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? parsed.data : fail(ctx, 'Unable to validate email address: invalid format');
}

// Strings like every other field: a challenge of another type was read as "none sent", so an e-mail change
// asked for under PKCE went ahead without it instead of being refused.
const pkcePair = {
  code_challenge: field('code_challenge'),
  code_challenge_method: field('code_challenge_method'),
};

/** The S256 challenge a client sent, or null when it sent none (secrets.ts). */
function toCodeChallenge(
  pair: { code_challenge?: unknown; code_challenge_method?: unknown },
  ctx: z.RefinementCtx,
) {
  const challenge = readCodeChallenge(pair.code_challenge, pair.code_challenge_method);
  return challenge === 'invalid' ? fail(ctx, 'code_challenge must be an S256 challenge') : challenge;
}

/** User metadata: a JSON object, merged into the stored one; null when not sent. */
const metadata = fitJson.transform((data, ctx) => {
  if (data === undefined || data === null) return null;
  if (typeof data !== 'object' || Array.isArray(data)) return fail(ctx, 'data must be a JSON object');
  if (Buffer.byteLength(JSON.stringify(data)) > USER_METADATA_MAX_BYTES) {
    return fail(ctx, `data must be at most ${USER_METADATA_MAX_BYTES} bytes of JSON`);
  }
  return data as Record<string, unknown>;
});

/** POST /token?grant_type=password. Which of email and phone is missing is the route's to say. */
export const passwordGrantBody = body({
  email: field('email'),
  password: field('password'),
  phone: field('phone'),
});

/** POST /token?grant_type=refresh_token. */
export const refreshTokenGrantBody = body({
  refresh_token: requiredField('refresh_token', 'refresh_token required'),
});

/** POST /token?grant_type=pkce. */
export const pkceGrantBody = body({
  auth_code: field('auth_code'),
  code_verifier: field('code_verifier'),
}).transform(({ auth_code: code, code_verifier: verifier }, ctx) =>
  code && verifier
    ? { code, verifier }
    : fail(ctx, 'invalid request: both auth code and code verifier should be non-empty'),
);

/** POST /recover. */
export const recoverBody = body({ email: field('email'), ...pkcePair }).transform((sent, ctx) => ({
  email: toAddress(sent.email ?? '', ctx),
  codeChallenge: toCodeChallenge(sent, ctx),
}));

/** GoTrue's types for codes sent by SMS. No account here has a phone number, so no such code is ever valid. */
const PHONE_TYPES: ReadonlySet<string> = new Set(['sms', 'phone_change']);
/** A phone number as GoTrue accepts one: E.164 digits, the leading + and spaces aside. */
const E164 = /^[1-9]\d{1,14}$/;

/**
 * POST /resend: a new sign-up confirmation link (supabase-js `auth.resend`). GoTrue also resends e-mail
 * change links and SMS codes; this server confirms only sign-ups this way (an e-mail change is asked again).
 */
export const resendBody = body({
  email: field('email'),
  type: field('type').transform(
    (type, ctx) =>
      (type === 'signup' || (type !== undefined && PHONE_TYPES.has(type)) ? type : undefined) ??
      fail(ctx, 'Resend supports the type signup only'),
  ),
  ...pkcePair,
}).transform((sent, ctx) =>
  // A code by SMS: the route answers as GoTrue does with phone sign-in off.
  sent.type !== 'signup'
    ? { kind: 'phone' as const }
    : {
        kind: 'email' as const,
        email: toAddress(sent.email ?? '', ctx),
        codeChallenge: toCodeChallenge(sent, ctx),
      },
);

/**
 * POST /otp (supabase-js signInWithOtp): a sign-in link and code by e-mail for an existing account. GoTrue's
 * `create_user` and `data` are read as text-fit JSON and ignored: this server never makes an account here
 * (registration is /sf/register-user), and refusing them would break supabase-js, which sends
 * `create_user: true` unless told otherwise.
 */
export const otpBody = body({ email: field('email'), phone: field('phone'), ...pkcePair }).transform(
  (sent, ctx) => ({
    // null: a phone number alone, which the route refuses as GoTrue does with SMS off.
    email: !sent.email && sent.phone ? null : toAddress(sent.email ?? '', ctx),
    codeChallenge: toCodeChallenge(sent, ctx),
  }),
);

/** The /verify types whose mails carry a code as well as a link (only the sign-in link's). */
const CODE_TYPES: ReadonlySet<string> = new Set(['email', 'magiclink']);

/**
 * POST /verify: either a token hash from a link ({type, token_hash}), or the six-digit code of a sign-in mail
 * with its address ({type: 'email' | 'magiclink', email, token}), as supabase-js verifyOtp sends them.
 */
export const verifyBody = body({
  type: field('type'),
  token_hash: field('token_hash'),
  token: field('token'),
  email: field('email'),
  phone: field('phone'),
}).transform((sent, ctx) => {
  if (!sent.type) {
    return fail(
      ctx,
      'Verify requires a verification type: signup, email, magiclink, recovery or email_change',
    );
  }
  if (PHONE_TYPES.has(sent.type)) {
    // As GoTrue: the number is checked, then no account has it (the route answers otp_expired).
    if (!E164.test((sent.phone ?? '').replace(/^\+/, '').replaceAll(' ', ''))) {
      return fail(ctx, 'Invalid phone number format (E.164 required)');
    }
    return { kind: 'phone' as const };
  }
  const types = Object.hasOwn(VERIFY_TYPES, sent.type) ? VERIFY_TYPES[sent.type] : undefined;
  if (!types) return fail(ctx, 'Unsupported verification type');
  if (sent.token_hash) return { kind: 'link' as const, types, tokenHash: sent.token_hash };
  if (!sent.token) return fail(ctx, 'Verify requires either a token or a token hash');
  if (!CODE_TYPES.has(sent.type)) {
    return fail(ctx, 'Verify with a token supports the types email and magiclink: other mails carry links');
  }
  if (!sent.email) return fail(ctx, 'Verify with a token requires the email address it was sent to');
  return { kind: 'code' as const, email: toAddress(sent.email, ctx), code: sent.token };
});

/** PUT /user: each change is optional; the strength of a new password is the route's to judge (422). */
export const userUpdateBody = body({
  data: metadata,
  password: field('password').refine(
    (password) => password === undefined || password.length <= PASSWORD_MAX_LENGTH,
    'Password is too long',
  ),
  email: field('email'),
  current_password: field('current_password'),
  ...pkcePair,
}).transform((sent, ctx) => ({
  metadata: sent.data,
  password: sent.password,
  codeChallenge: toCodeChallenge(sent, ctx),
  email: sent.email === undefined ? undefined : toAddress(sent.email, ctx),
  currentPassword: sent.current_password,
}));

export type UserUpdateBody = z.output<typeof userUpdateBody>;

/** DELETE /admin/users/{id}. */
export const deleteUserBody = body({
  should_soft_delete: fitJson.refine((soft) => soft !== true, 'Soft deletion is not supported'),
});

/**
 * Reads a JSON object body through its schema. The one place a refused body becomes GoTrue's error: the
 * first issue, whose message is GoTrue's own; the shared text rule names no field, so its path leads.
 */
export async function readBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  let sent: unknown;
  try {
    sent = await readJsonBody(c);
  } catch (err) {
    if (err instanceof ApiError) {
      throw new AuthError(err.status, err.status === 400 ? 'bad_json' : 'validation_failed', err.message);
    }
    throw err;
  }
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) {
    throw new AuthError(400, 'bad_json', 'The request body must be a JSON object.');
  }
  const parsed = schema.safeParse(sent);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  if (!issue) throw validationFailed('The request body is invalid.');
  if (issue.message !== UNFIT_TEXT_MESSAGE) throw validationFailed(issue.message);
  throw validationFailed(`${issue.path.join('.') || 'body'} ${UNFIT_TEXT_MESSAGE}`);
}
