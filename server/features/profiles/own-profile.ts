// The caller's own profile row: read it, and change the few fields a user may change. is_admin is never
// among them (only `npm run admin` sets it).
import type { OwnProfile } from '@shared/api/profiles';
import type { Queryable } from '../../db/db';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../http/errors';

export const PROFILE_NOT_FOUND = 'Profile not found';
const USERNAME_TAKEN = () => conflict('Username taken', 'username_taken');

const PROFILE_COLUMNS = 'id, username, first_name, last_name, avatar_url, is_admin, updated_at';

export async function getOwnProfile(q: Queryable, userId: string): Promise<OwnProfile> {
  const rows = await q.query<OwnProfile>(`select ${PROFILE_COLUMNS} from public.profiles where id = $1`, [
    userId,
  ]);
  if (!rows[0]) throw notFound(PROFILE_NOT_FOUND);
  return rows[0];
}

export interface ProfileChanges {
  first_name?: string;
  last_name?: string | null;
  username?: string;
  avatar_url?: string | null;
}

/** Applies the changes given (absent fields stay as they are); 409 username_taken on a clash. */
export async function updateOwnProfile(
  q: Queryable,
  userId: string,
  changes: ProfileChanges,
): Promise<OwnProfile> {
  if (changes.username !== undefined) {
    const clash = await q.query(
      'select 1 from public.profiles where lower(username) = lower($1) and id <> $2',
      [changes.username, userId],
    );
    if (clash.length > 0) throw USERNAME_TAKEN();
  }
  const has = (key: keyof ProfileChanges) => changes[key] !== undefined;
  try {
    const rows = await q.query<OwnProfile>(
      `update public.profiles set
         first_name = case when $2::boolean then $3::text else first_name end,
         last_name = case when $4::boolean then $5::text else last_name end,
         username = case when $6::boolean then $7::text else username end,
         avatar_url = case when $8::boolean then $9::text else avatar_url end,
         updated_at = now()
       where id = $1
       returning ${PROFILE_COLUMNS}`,
      [
        userId,
        has('first_name'),
        changes.first_name ?? null,
        has('last_name'),
        changes.last_name ?? null,
        has('username'),
        changes.username ?? null,
        has('avatar_url'),
        changes.avatar_url ?? null,
      ],
    );
    if (!rows[0]) throw notFound(PROFILE_NOT_FOUND);
    return rows[0];
  } catch (err) {
    // Two users taking one name at the same moment: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err)) throw USERNAME_TAKEN();
    throw err;
  }
}
