// /sf/ community calls (issue 27): likes, review comments, reports and the admins' report queue.
import type { communityEndpoints } from '@shared/api/community';
import type { AreaHandlers } from '../../http/handler-context';
import { addComment, adminRemoveComment, deleteComment, editComment, reviewComments } from './comments';
import { like, likers, likeStates, unlike } from './likes';
import { report, reportQueue, resolveReport } from './reports';
import { COMMUNITY_MESSAGES } from '@shared/api/community';

export const communityHandlers = {
  async like(target, { deps, user }) {
    return like(deps.db, user.userId, target);
  },
  async unlike(target, { deps, user }) {
    return unlike(deps.db, user.userId, target);
  },
  async 'like-states'(input, { deps, user }) {
    return likeStates(deps.db, user.userId, input);
  },
  async likers(input, { deps, user }) {
    return likers(deps.db, user?.userId ?? null, input);
  },
  async 'review-comments'(input, { deps, user }) {
    return reviewComments(deps.db, user?.userId ?? null, input);
  },
  async 'add-comment'(input, { deps, user }) {
    return { comment: await addComment(deps.db, user.userId, input) };
  },
  async 'edit-comment'(input, { deps, user }) {
    return { comment: await editComment(deps.db, user.userId, input) };
  },
  async 'delete-comment'({ comment_id }, { deps, user }) {
    await deleteComment(deps.db, user.userId, comment_id);
    return { ok: true };
  },
  async report(input, { deps, user }) {
    await report(deps.db, user.userId, input);
    return { ok: true };
  },
  async 'report-queue'(input, { deps }) {
    return reportQueue(deps.db, input);
  },
  async 'resolve-report'({ report_id, action }, { deps, user }) {
    return { message: await resolveReport(deps.db, user.userId, report_id, action) };
  },
  async 'admin-remove-comment'({ comment_id }, { deps, user }) {
    await deps.db.transaction((tx) => adminRemoveComment(tx, user.userId, comment_id));
    return { message: COMMUNITY_MESSAGES.commentRemoved };
  },
} satisfies AreaHandlers<typeof communityEndpoints>;
