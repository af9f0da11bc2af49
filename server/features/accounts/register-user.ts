// register-user: a new password account. The user (unconfirmed), its e-mail identity, its profile, the
// confirmation link and the queued confirmation mail are created in one transaction, so a failure leaves
// nothing behind. The mail leaves through the outbox: a mail server that is down delays it (it is retried),
// and does not refuse the registration.
import { CONFIRMATION_SENT_MESSAGE, EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE } from '@shared/api/accounts';
import type { ParsedRequestOf, ResponseOf } from '@shared/api/endpoints';
import { isUniqueViolation } from '../../db/unique-violation';
import { sendAuthLink } from '../../auth/email-links';
import { hashPassword } from '../../auth/passwords';
import { allowedRedirectOr, allowedWebOrigin } from '../../auth/redirect-allow-list';
import { readCodeChallenge } from '../../auth/secrets';
import { isAdminEmail } from '../profiles/admin-flag';
import type { Queryable } from '../../db/db';
import { ApiError, badRequest, conflict } from '../../http/errors';
import type { PublicContext } from '../../http/handler-context';

const usernameTaken = () => conflict(USERNAME_TAKEN_MESSAGE, 'username_taken');
const emailTaken = () => conflict(EMAIL_TAKEN_MESSAGE, 'user_already_exists');
// /sf/ calls answer ARCHITECTURE.md's `rate_limited`; the GoTrue codes belong to /auth/v1.
const tooManyAttempts = () =>
  new ApiError(429, 'rate_limited', 'Too many sign-up attempts. Please wait a while and try again.');

async function checkFree(q: Queryable, username: string, email: string) {
  const [row] = await q.query<{ username_taken: boolean; email_taken: boolean }>(
    `select exists (select 1 from public.profiles where lower(username) = lower($1)) as username_taken,
            exists (select 1 from auth.users where lower(email) = lower($2)) as email_taken`,
    [username, email],
  );
  if (row?.username_taken) throw usernameTaken();
  if (row?.email_taken) throw emailTaken();
}

export async function registerUser(
  input: ParsedRequestOf<'register-user'>,
  { deps, ip, origin }: PublicContext,
): Promise<ResponseOf<'register-user'>> {
  const { config, db, rateLimiter } = deps;
  const codeChallenge = readCodeChallenge(input.code_challenge, input.code_challenge_method);
  if (codeChallenge === 'invalid') {
    throw badRequest('code_challenge must be an S256 challenge (code_challenge_method "s256").');
  }
  if (!(await rateLimiter.take('register_ip', ip))) throw tooManyAttempts();
  if (!(await rateLimiter.take('register_email', input.email))) throw tooManyAttempts();
  await checkFree(db, input.username, input.email);
  if (!(await rateLimiter.take('mail_address', input.email))) {
    throw new ApiError(
      429,
      'rate_limited',
      'Too many e-mails were sent to this address. Please try again later.',
    );
  }

  const passwordHash = await hashPassword(input.password);
  const home = `${allowedWebOrigin(origin, config) ?? config.publicUrl}/`;
  try {
    await db.transaction(async (tx) => {
      await checkFree(tx, input.username, input.email);
      const [user] = await tx.query<{ id: string }>(
        'insert into auth.users (email, encrypted_password) values ($1, $2) returning id',
        [input.email, passwordHash],
      );
      if (!user) throw new Error('user insert returned nothing');
      await tx.query(
        `insert into auth.identities (user_id, provider, provider_id, identity_data, email)
         values ($1, 'email', $2, jsonb_build_object('sub', $2::text, 'email', $3::text,
           'email_verified', false, 'phone_verified', false), $3)`,
        [user.id, user.id, input.email],
      );
      await tx.query(
        'insert into public.profiles (id, username, first_name, last_name, is_admin) values ($1, $2, $3, $4, $5)',
        [user.id, input.username, input.first_name, input.last_name, isAdminEmail(config, input.email)],
      );
      await sendAuthLink(tx, deps, {
        kind: 'signup',
        userId: user.id,
        to: input.email,
        redirectTo: allowedRedirectOr(input.redirect_to, home, config),
        origin,
        codeChallenge,
      });
    });
  } catch (err) {
    // Someone took the name or the address between the check and the insert.
    if (isUniqueViolation(err)) {
      throw (err as { constraint?: string }).constraint === 'profiles_username_key'
        ? usernameTaken()
        : emailTaken();
    }
    throw err;
  }
  return { code: 'confirmation_sent', message: CONFIRMATION_SENT_MESSAGE };
}
