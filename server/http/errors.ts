import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '@shared/api/common';

/** An error whose message is fit for the user, answered in the uniform shape of ARCHITECTURE.md. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { error: this.message, code: this.code }
      : { error: this.message, code: this.code, details: this.details };
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new ApiError(400, 'invalid_input', message, details);
export const unauthorized = (message = 'Sign in to do this.') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new ApiError(403, 'forbidden', message);
/** The caller is an admin whose session has not passed a second factor (two-step sign-in). */
export const aal2Required = () =>
  new ApiError(403, 'aal2_required', 'Confirm two-step sign-in to use admin tools.');
/** The session stopped at the password on an account with two-step sign-in: its code is still owed. */
export const secondFactorOwed = () =>
  new ApiError(403, 'aal2_required', 'Enter the code from your authenticator app to finish signing in.');
export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, code, message);
export const unavailable = (message: string) => new ApiError(503, 'unavailable', message);
