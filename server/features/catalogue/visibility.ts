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
 * so an unverified work's existence is not told to others either. A signed-in viewer also sees an unverified
 * work they are an admin for or already hold (see mayUseWork), so nobody's own books vanish from their pages.
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
  if (userId !== null && (await mayUseWork(db, workId, userId))) return;
  throw notFound(message);
}

/**
 * For a reader's writes that hang their data on a work (shelving, logging, reviewing): the works they may
 * see, and also one they already hold (an earlier import of theirs matched another reader's work before
 * issue 26 made it unverified), so nobody's own books stop working. 'Edition not found' or 'Work not found'
 * (404) otherwise, as for a work that does not exist.
 */
export async function assertWorkUsable(
  db: Queryable,
  workId: string,
  userId: string,
  message: string,
): Promise<void> {
  if (!(await mayUseWork(db, workId, userId))) throw notFound(message);
}

/** Verified, made by the reader, the reader is an admin, or the reader already holds it (log or shelf). */
async function mayUseWork(db: Queryable, workId: string, userId: string): Promise<boolean> {
  const [row] = await db.query<{ usable: boolean }>(
    `select w.verified or w.created_by = $2
            or exists (select 1 from public.profiles p where p.id = $2 and p.is_admin)
            or exists (select 1 from public.reading_progress_events ev where ev.work_id = w.id and ev.user_id = $2)
            or exists (select 1 from public.shelf_items si join public.shelves s on s.id = si.shelf_id
                       where si.work_id = w.id and s.user_id = $2) as usable
     from public.works w where w.id = $1`,
    [workId, userId],
  );
  return row?.usable === true;
}
