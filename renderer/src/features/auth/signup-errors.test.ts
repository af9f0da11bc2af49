import { describe, expect, it } from 'vitest';
import { SF_UNEXPECTED_RESPONSE, SfError } from '../../platform/errors';
import { signUpErrorMessage } from './signup-errors';

const sfError = (code: string, error: string, status = 400) => new SfError({ status, code, error });

describe('signUpErrorMessage (SPEC.md §8)', () => {
  it('names a taken username and an existing account in the spec words', () => {
    expect(signUpErrorMessage(sfError('username_taken', 'x', 409))).toBe(
      'Username already exists. Please choose another.',
    );
    expect(signUpErrorMessage(sfError('user_already_exists', 'x', 409))).toBe(
      'An account with this email already exists. Please log in instead.',
    );
  });

  it('shows the server message, or a fallback', () => {
    expect(signUpErrorMessage(sfError('invalid_input', 'username: too short'))).toBe('username: too short');
    expect(signUpErrorMessage(sfError('internal_error', ''))).toBe('Something went wrong.');
    expect(signUpErrorMessage(new Error('boom'))).toBe('Something went wrong.');
  });

  it('shows a non-JSON reply as Unexpected response with its text', () => {
    expect(signUpErrorMessage(sfError(SF_UNEXPECTED_RESPONSE, '<h1>Bad Gateway</h1>', 502))).toBe(
      'Unexpected response: <h1>Bad Gateway</h1>',
    );
  });
});
