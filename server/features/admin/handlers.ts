// Admin curation (SPEC.md §2, §5, §6). The pipeline lets only is_admin profiles through; every change is
// written together with its admin_audit entry.
import { ADMIN_MESSAGES } from '@shared/api/admin';
import type { adminEndpoints } from '@shared/api/admin';
import type { AreaHandlers } from '../../http/handler-context';
import { searchWorks } from '../catalogue/search';
import { setEditionAuthors } from './edition-authors';
import { mergeAuthor } from './merge-author';
import { mergeWork } from './merge-work';
import { approveWork, listUnverifiedWorks, removeWork } from './unverified-works';
import { resetWorkGenre, setPrimaryEdition, setWorkDate } from './work-curation';

export const adminHandlers = {
  async 'set-work-date'(input, { deps, user }) {
    await setWorkDate(deps.db, user.userId, input);
    return { message: ADMIN_MESSAGES.saved };
  },

  async 'set-primary-edition'(input, { deps, user }) {
    await setPrimaryEdition(deps.db, user.userId, input);
    return { message: ADMIN_MESSAGES.saved };
  },

  async 'set-edition-authors'(input, { deps, user }) {
    await setEditionAuthors(deps.db, user.userId, input);
    return { message: ADMIN_MESSAGES.saved };
  },

  async 'merge-work'({ from_work_id, into_work_id }, { deps, user }) {
    await mergeWork(deps.db, user.userId, from_work_id, into_work_id);
    return { message: ADMIN_MESSAGES.workMerged, work_id: into_work_id };
  },

  async 'merge-author'({ from_author_id, into_author_id }, { deps, user }) {
    await mergeAuthor(deps.db, user.userId, from_author_id, into_author_id);
    return { message: ADMIN_MESSAGES.authorMerged, author_id: into_author_id };
  },

  async 'reset-work-genre'({ work_id }, { deps, user }) {
    await resetWorkGenre(deps.db, user.userId, work_id);
    return { message: ADMIN_MESSAGES.genreReset };
  },

  async 'admin-search-works'({ query }, { deps }) {
    if (query === '') return { results: [] };
    return { results: await searchWorks(deps.db, query) };
  },

  async 'unverified-works'(_input, { deps }) {
    return listUnverifiedWorks(deps.db);
  },

  async 'approve-work'({ work_id }, { deps, user }) {
    await approveWork(deps.db, user.userId, work_id);
    return { message: ADMIN_MESSAGES.workApproved };
  },

  async 'remove-work'({ work_id }, { deps, user }) {
    await removeWork(deps.db, user.userId, work_id);
    return { message: ADMIN_MESSAGES.workRemoved };
  },
} satisfies AreaHandlers<typeof adminEndpoints>;
