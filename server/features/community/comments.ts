// Plain-text comments on a review (issue 27): stored as typed (links are made clickable only when shown,
// shared/domain/linkify.ts), oldest first, paged by (created_at, id). Readers blocked either way with the
// caller are left out of the thread, and cannot comment on each other's reviews.
import { COMMENT_LIMIT_MESSAGE, COMMUNITY_MESSAGES, MAX_COMMENTS_PER_MINUTE } from '@shared/api/community';
import type { ReviewComment } from '@shared/api/community';
import type { ResponseOf } from '@shared/api/endpoints';
import type { Db, Queryable } from '../../db/db';
import { maybeOne, one } from '../../db/db';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../admin/audit';
import { cursorSql, pageOf } from '../reading/cursor';
import { countInWindowSql, windowParams } from './limits';
import type { WriteFacts } from './targets';
import { judgeWrite, readerCardVisibleSql, visibleReview, writeFactsSql } from './targets';

interface CommentRow {
  id: string;
  review_id: string;
  body: string;
  created_at: string;
  edited_at: string | null;
  user_id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  review_owner: string;
  cursor: string;
}

/** Columns of a comment `c` with its author `p` and review `r`, for toComment. */
const COMMENT_COLUMNS = `c.id, c.review_id, c.body, c.created_at, c.edited_at, p.id as user_id, p.username,
  p.first_name, p.last_name, p.avatar_url, r.user_id as review_owner, ${cursorSql('c')} as cursor`;

function toComment(r: CommentRow, viewerId: string | null): ReviewComment {
  return {
    id: r.id,
    review_id: r.review_id,
    author: {
      id: r.user_id,
      username: r.username,
      first_name: r.first_name,
      last_name: r.last_name,
      avatar_url: r.avatar_url,
    },
    body: r.body,
    created_at: new Date(r.created_at).toISOString(),
    edited_at: r.edited_at === null ? null : new Date(r.edited_at).toISOString(),
    can_edit: viewerId === r.user_id,
    can_remove: viewerId === r.user_id || viewerId === r.review_owner,
  };
}

async function commentById(q: Queryable, commentId: string, viewerId: string): Promise<ReviewComment> {
  const row = await one<CommentRow>(
    q,
    `select ${COMMENT_COLUMNS}
     from public.review_comments c join public.profiles p on p.id = c.user_id
     join public.reviews r on r.id = c.review_id where c.id = $1`,
    [commentId],
  );
  return toComment(row, viewerId);
}

export async function reviewComments(
  q: Queryable,
  viewerId: string | null,
  input: { review_id: string; limit: number; after?: string | undefined },
): Promise<ResponseOf<'review-comments'>> {
  await visibleReview(q, viewerId, input.review_id);
  const params: unknown[] = [input.review_id, viewerId, input.limit + 1];
  let after = '';
  if (input.after) {
    const [at, id] = input.after.split('|');
    params.push(at, id);
    after = 'and (c.created_at, c.id) > ($4::timestamptz, $5::uuid)';
  }
  const rows = await q.query<CommentRow>(
    `select ${COMMENT_COLUMNS}
     from public.review_comments c join public.profiles p on p.id = c.user_id
     join public.reviews r on r.id = c.review_id
     where c.review_id = $1 ${after} and ${readerCardVisibleSql('$2::uuid', 'c.user_id')}
     order by c.created_at, c.id
     limit $3`,
    params,
  );
  const page = pageOf(rows, input.limit);
  return {
    comments: page.rows.map((r) => toComment({ ...r, cursor: '' }, viewerId)),
    next_cursor: page.next_cursor,
  };
}

/**
 * One statement, so one round trip: who comments and on what is judged, the minute's limit window counts the
 * comment (its row locked by the upsert, so a reader's parallel comments are counted one after another, and
 * a full window updates nothing), the comment is written only if counted, and the answer carries the
 * comment with its author. Judged afterwards in the rule's order; a refused comment wrote nothing.
 */
export async function addComment(
  q: Queryable,
  viewerId: string,
  input: { review_id: string; body: string },
): Promise<ReviewComment> {
  const row = await one<WriteFacts & Partial<CommentRow>>(
    q,
    `with facts as (${writeFactsSql('review')}),
     counted as (${countInWindowSql('comment', '(select 1 from facts where confirmed and visible)')}),
     made as (
       insert into public.review_comments (review_id, user_id, body) select $2, $1, $5 from counted
       returning id, review_id, body, created_at, edited_at, user_id)
     select f.*, c.id, c.review_id, c.body, c.created_at, c.edited_at, p.id as user_id, p.username,
            p.first_name, p.last_name, p.avatar_url, f.owner_id as review_owner, '' as cursor
     from facts f left join made c on true left join public.profiles p on p.id = c.user_id`,
    [viewerId, input.review_id, ...windowParams('comment', MAX_COMMENTS_PER_MINUTE), input.body],
  );
  judgeWrite(row, COMMUNITY_MESSAGES.reviewNotFound);
  if (!row.id) throw conflict(COMMENT_LIMIT_MESSAGE, 'limit_reached');
  return toComment(row as CommentRow, viewerId);
}

/** Only the comment's author edits it, and only while they may still comment on the review. */
export async function editComment(
  db: Db,
  viewerId: string,
  input: { comment_id: string; body: string },
): Promise<ReviewComment> {
  return db.transaction(async (tx) => {
    const own = await maybeOne<{ review_id: string }>(
      tx,
      'select review_id from public.review_comments where id = $1 and user_id = $2 for update',
      [input.comment_id, viewerId],
    );
    if (!own) throw notFound(COMMUNITY_MESSAGES.commentNotFound);
    await visibleReview(tx, viewerId, own.review_id);
    await tx.query('update public.review_comments set body = $2, edited_at = now() where id = $1', [
      input.comment_id,
      input.body,
    ]);
    return commentById(tx, input.comment_id, viewerId);
  });
}

/** The comment's author, or the author of the review it is on, deletes it; anyone else is told 404. */
export async function deleteComment(q: Queryable, viewerId: string, commentId: string): Promise<void> {
  const rows = await q.query(
    `delete from public.review_comments c using public.reviews r
     where c.id = $1 and r.id = c.review_id and (c.user_id = $2 or r.user_id = $2)
     returning c.id`,
    [commentId, viewerId],
  );
  if (rows.length === 0) throw notFound(COMMUNITY_MESSAGES.commentNotFound);
}

/** An admin removes any comment; the audit entry keeps what it said. */
export async function adminRemoveComment(
  tx: Queryable,
  adminId: string,
  commentId: string,
  action = 'admin-remove-comment',
): Promise<void> {
  const removed = await maybeOne<{ id: string; review_id: string; user_id: string; body: string }>(
    tx,
    'delete from public.review_comments where id = $1 returning id, review_id, user_id, body',
    [commentId],
  );
  if (!removed) throw notFound(COMMUNITY_MESSAGES.commentNotFound);
  await recordAudit(tx, { actorId: adminId, action, targetId: commentId, before: removed, after: null });
}
