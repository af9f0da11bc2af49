// Sign-up and password rules of SPEC.md §5, shared by the sign-up and reset screens and the server, so a
// password the form accepts is one the server accepts, and both say the same words when it is not.

export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 8 characters long and include an uppercase, lowercase, number, and special character.';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match.';
export const TERMS_REQUIRED_MESSAGE = 'You must accept the Terms of Service and Privacy Policy.';

/**
 * At least 8 characters (counted as code points, so an emoji is one) with a lowercase letter, an uppercase
 * letter, a digit and a special character: anything that is not a letter, a digit or white space.
 */
export function isStrongPassword(password: string): boolean {
  return (
    [...password].length >= PASSWORD_MIN_LENGTH &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{N}\s]/u.test(password)
  );
}

export interface NewPasswordErrors {
  password?: string;
  confirmPassword?: string;
}

/** The messages a new password and its confirmation earn; an empty object when both are fine. */
export function checkNewPassword(password: string, confirmPassword: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!isStrongPassword(password)) errors.password = PASSWORD_RULE_MESSAGE;
  if (password !== confirmPassword) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH_MESSAGE;
  return errors;
}
