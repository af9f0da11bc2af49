import type { goalsEndpoints } from '@shared/api/goals';
import type { AreaHandlers } from '../../http/handler-context';
import { readingGoals, setReadingGoal } from './goals';

export const goalsHandlers = {
  async 'reading-goals'({ timezone }, { deps, user }) {
    return readingGoals(deps.db, user.userId, timezone, new Date());
  },

  async 'set-reading-goal'(input, { deps, user }) {
    await setReadingGoal(deps.db, user.userId, input, new Date());
    return { ok: true };
  },
} satisfies AreaHandlers<typeof goalsEndpoints>;
