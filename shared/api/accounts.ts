// Contracts of the accounts calls (SPEC.md §7): registration with a password, the profile of a first
// Google sign-in, and deleting one's own account.
import { z } from 'zod';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '../domain/account-validation';
import { endpoint, id, ok, text } from './common';
import { deleteUserRequest } from './presence';

/** The same rule as the database check on profiles.username. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
export const USERNAME_RULE_MESSAGE =
  'Username must be 3 to 30 characters: letters, numbers, dots, dashes or underscores.';
export const USERNAME_TAKEN_MESSAGE = 'Username already exists. Please choose another.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please log in instead.';
export const CONFIRMATION_SENT_MESSAGE =
  'Account created! Please check your email and click the confirmation link to activate your account.';
/** Login with Google on a server where Google is not configured: the auth server and both clients say so. */
export const GOOGLE_UNAVAILABLE_MESSAGE = 'Google sign-in is not available on this server.';

const NAME_MAX = 100;
const PASSWORD_MAX = 256;
const URL_MAX = 2048;

/** An e-mail address, trimmed and in lower case (how accounts keep it). */
export const emailSchema = text('Email is required.')
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(320, 'Email is at most 320 characters.')
  .pipe(z.email({ message: 'Enter a valid email address.' }));

const optionalName = (label: string) =>
  text()
    .trim()
    .max(NAME_MAX, `${label} is at most ${NAME_MAX} characters.`)
    .nullish()
    .transform((v) => v || null);

export const registerUserRequest = z.object({
  first_name: text('First name is required.')
    .trim()
    .min(1, 'First name is required.')
    .max(NAME_MAX, `First name is at most ${NAME_MAX} characters.`),
  last_name: optionalName('Last name'),
  username: text('Username is required.').trim().regex(USERNAME_PATTERN, USERNAME_RULE_MESSAGE),
  email: emailSchema,
  password: text('Password is required.')
    .max(PASSWORD_MAX, `Password is at most ${PASSWORD_MAX} characters.`)
    .refine(isStrongPassword, PASSWORD_RULE_MESSAGE),
  /** Where the confirmation link finally lands; must be on the server's allow list (else the home page). */
  redirect_to: text().max(URL_MAX).optional(),
  /** A PKCE S256 challenge: the confirmation then comes back with ?code= instead of a session fragment. */
  code_challenge: text().max(128).optional(),
  code_challenge_method: text().max(10).optional(),
});

export const registerUserResponse = z.object({
  code: z.literal('confirmation_sent'),
  message: z.string(),
});

export const registerOAuthUserRequest = z.object({
  /** Sent by the client as SPEC.md §7 lists it; must be the caller's own id when present. */
  user_id: id.optional(),
  email: text().max(320).nullish(),
  first_name: optionalName('First name'),
  last_name: optionalName('Last name'),
  avatar_url: text()
    .trim()
    .max(1000, 'avatar_url is at most 1000 characters.')
    .regex(/^https?:\/\//i, 'avatar_url must be an http(s) URL.')
    .nullish()
    .transform((v) => v || null),
});

export const registerOAuthUserResponse = z.object({
  ok: z.literal(true),
  /** False when the profile already existed (the call is safe to repeat). */
  created: z.boolean(),
  username: z.string(),
});

export const accountsEndpoints = {
  'register-user': endpoint('public', registerUserRequest, registerUserResponse),
  'register-oauth-user': endpoint('user', registerOAuthUserRequest, registerOAuthUserResponse),
  'delete-user': endpoint('user', deleteUserRequest, ok),
};
