// The core of `npm run admin -- grant|revoke <email>`, and ADMIN_EMAILS: the only ways is_admin changes.
import type { Config } from '../../config';
import type { Queryable } from '../../db/db';

export const ADMIN_USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>';

export interface AdminCommandResult {
  /** The process exit code: 0 done (or nothing to do), 1 unknown e-mail or no profile, 2 bad usage. */
  code: 0 | 1 | 2;
  message: string;
}

/** The arguments after `npm run admin --`, or null when they are not `grant|revoke <email>`. */
export function parseAdminArgs(args: readonly string[]): { grant: boolean; email: string } | null {
  const [command, email, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email?.trim() || rest.length > 0) return null;
  return { grant: command === 'grant', email: email.trim() };
}

/** Parses the arguments and sets or clears is_admin for that account, saying what it did. */
export async function runAdminCommand(q: Queryable, args: readonly string[]): Promise<AdminCommandResult> {
  const parsed = parseAdminArgs(args);
  if (!parsed) return { code: 2, message: ADMIN_USAGE };
  const { grant, email } = parsed;
  const users = await q.query<{
    id: string;
    email: string;
    username: string | null;
    was_admin: boolean | null;
  }>(
    `select u.id, u.email, p.username, p.is_admin as was_admin
     from auth.users u left join public.profiles p on p.id = u.id
     where lower(u.email) = lower($1)`,
    [email],
  );
  const user = users[0];
  if (!user) return { code: 1, message: `No account has the e-mail address ${email}.` };
  if (user.username === null) {
    return { code: 1, message: `${user.email} has no profile yet (they have not finished signing up).` };
  }
  const who = `${user.email} (@${user.username})`;
  if (user.was_admin === grant) {
    return {
      code: 0,
      message: `${who} ${grant ? 'is already an admin' : 'is not an admin'}; nothing changed.`,
    };
  }
  await q.query('update public.profiles set is_admin = $2, updated_at = now() where id = $1', [
    user.id,
    grant,
  ]);
  return { code: 0, message: grant ? `${who} is now an admin.` : `${who} is no longer an admin.` };
}

/** Whether an account with this address is an admin by the operator's ADMIN_EMAILS setting. */
export function isAdminEmail(config: Pick<Config, 'adminEmails'>, email: string | null): boolean {
  return email !== null && config.adminEmails.includes(email.toLowerCase());
}
