// Who may see a work (issue 26): a verified work is everyone's; an unverified one (a reader made it and
// nobody has vouched for it yet) only its maker's and the admins'. Lists shared by everyone (search, author
// pages, another reader's import matching) show verified works only, through VERIFIED_WORK_SQL, so a cached
// public answer can never hold one.
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';

export interface WorkVisibility {
  verified: boolean;
  created_by: string | null;
}

export interface Viewer {
  userId: string | null;
  isAdmin: boolean;
}

export function canSeeWork(work: WorkVisibility, viewer: Viewer): boolean {
  if (work.verified || viewer.isAdmin) return true;
  return viewer.userId !== null && work.created_by === viewer.userId;
}

/** The condition for lists everyone shares, on the works row named `alias`. */
export const VERIFIED_WORK_SQL = (alias: string) => `${alias}.verified`;

/**
 * The condition for one reader's own matching: every verified work, and the reader's own unverified ones
 * (`viewerParam` names the reader's id parameter).
 */
export const WORK_VISIBLE_TO_SQL = (alias: string, viewerParam: string) =>
  `(${alias}.verified or ${alias}.created_by = ${viewerParam})`;

/**
 * Throws 'Work not found' (404) when the work does not exist or the viewer may not see it: the same answer,
 * so an unverified work's existence is not told to others either. Asks whether the viewer is an admin only
 * for an unverified work someone else made.
 */
export async function assertWorkVisible(
  db: Queryable,
  workId: string,
  userId: string | null,
  message = 'Work not found',
): Promise<void> {
  const [work] = await db.query<WorkVisibility>(
    'select verified, created_by from public.works where id = $1',
    [workId],
  );
  if (!work) throw notFound(message);
  if (canSeeWork(work, { userId, isAdmin: false })) return;
  if (userId !== null && canSeeWork(work, { userId, isAdmin: await isAdmin(db, userId) })) return;
  throw notFound(message);
}

async function isAdmin(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query<{ is_admin: boolean }>('select is_admin from public.profiles where id = $1', [
    userId,
  ]);
  return rows[0]?.is_admin === true;
}
