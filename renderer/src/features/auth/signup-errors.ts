// SPEC.md §8 "Sign up": which message a failed /sf/register-user shows.
import { SF_UNEXPECTED_RESPONSE, SfError } from '../../platform/errors';

export const USERNAME_TAKEN_MESSAGE = 'Username already exists. Please choose another.';
export const USER_EXISTS_MESSAGE = 'An account with this email already exists. Please log in instead.';
export const FALLBACK_MESSAGE = 'Something went wrong.';

export function signUpErrorMessage(error: unknown): string {
  if (!(error instanceof SfError)) return FALLBACK_MESSAGE;
  if (error.code === 'username_taken') return USERNAME_TAKEN_MESSAGE;
  if (error.code === 'user_already_exists') return USER_EXISTS_MESSAGE;
  if (error.code === SF_UNEXPECTED_RESPONSE) {
    const text = error.error.length > 300 ? `${error.error.slice(0, 300)}…` : error.error;
    return `Unexpected response: ${text}`;
  }
  return error.error || FALLBACK_MESSAGE;
}
