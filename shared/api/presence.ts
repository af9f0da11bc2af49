// Proof of presence before a sensitive change (ARCHITECTURE.md "Auth"): changing the password or the
// e-mail address, and deleting the account, need the current password or a sign-in within the last few
// minutes. The server enforces it; these are the names and words both sides share.
import { z } from 'zod';
import { text } from './common';

/** A session this young proves presence by itself (a sign-in, a Google return or a reset link). */
export const RECENT_SIGN_IN_MINUTES = 10;

/** The error code of /auth/v1 and /sf/ when neither proof came with a sensitive change. */
export const REAUTHENTICATION_NEEDED = 'reauthentication_needed';
/** The error code when the current password sent as proof is not the account's. */
export const CURRENT_PASSWORD_MISMATCH = 'current_password_mismatch';

export const REAUTHENTICATION_NEEDED_MESSAGE = `To protect your account, confirm it's you: enter your current password, or sign in again and retry within ${RECENT_SIGN_IN_MINUTES} minutes.`;
export const CURRENT_PASSWORD_MISMATCH_MESSAGE = 'That is not your current password.';

/** The longest current password accepted as proof (the same bound as a new one). */
const CURRENT_PASSWORD_MAX = 256;

export const currentPasswordField = text()
  .min(1, 'Enter your current password.')
  .max(CURRENT_PASSWORD_MAX, `Password is at most ${CURRENT_PASSWORD_MAX} characters.`);

/** delete-user: the current password, unless the caller signed in within the last few minutes. */
export const deleteUserRequest = z.object({ current_password: currentPasswordField.optional() }).strict();
