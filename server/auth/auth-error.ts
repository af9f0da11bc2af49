// Errors of /auth/v1 in Supabase Auth's wire format. supabase-js sends `X-Supabase-Api-Version: 2024-01-01`
// and then reads `{code: <error code>, message}`; older clients get the original `{code: <status>,
// error_code, msg}`. Both carry the error code in the `x-sb-error-code` header, as Supabase Auth does.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Extra top-level fields (weak_password reasons). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const error = (status: ContentfulStatusCode, code: string) => (message: string) =>
  new AuthError(status, code, message);

export const validationFailed = error(400, 'validation_failed');
export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const emailNotConfirmed = () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
export const noAuthorization = () =>
  new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
export const badJwt = () =>
  new AuthError(
    403,
    'bad_jwt',
    'invalid JWT: unable to parse or verify signature, token is expired or invalid',
  );
export const sessionNotFound = () =>
  new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
export const notAdmin = () => new AuthError(403, 'not_admin', 'User not allowed');
export const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found');
export const overRequestRateLimit = () =>
  new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
export const overEmailSendRateLimit = () =>
  new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
export const otpExpired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
export const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
export const weakPassword = (message: string) =>
  new AuthError(422, 'weak_password', message, { weak_password: { reasons: ['characters', 'length'] } });

export function wantsCurrentErrorFormat(c: Context): boolean {
  const asked = c.req.header(API_VERSION_HEADER);
  return asked !== undefined && /^2\d{3}-\d\d-\d\d$/.test(asked) && asked >= API_VERSION_2024;
}

export function authErrorResponse(c: Context, err: AuthError): Response {
  c.header('x-sb-error-code', err.code);
  if (wantsCurrentErrorFormat(c)) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code: err.code, message: err.message, ...err.extra }, err.status);
  }
  return c.json({ code: err.status, error_code: err.code, msg: err.message, ...err.extra }, err.status);
}
