// /sf/ lists of the readers the caller blocked or muted (issue 27), for Settings.
import type { blockListsEndpoints } from '@shared/api/block-lists';
import type { AreaHandlers } from '../../http/handler-context';
import { blockList } from './block-lists';

export const blockListsHandlers = {
  async 'blocked-readers'(input, { deps, user }) {
    return blockList(deps.db, 'blocked', user.userId, input);
  },
  async 'muted-readers'(input, { deps, user }) {
    return blockList(deps.db, 'muted', user.userId, input);
  },
} satisfies AreaHandlers<typeof blockListsEndpoints>;
