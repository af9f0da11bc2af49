import type { readingEndpoints } from '@shared/api/reading';
import type { AreaHandlers } from '../../http/handler-context';
import { listCurrentlyReading } from './currently-reading';
import { listEvents, listReadingLogs } from './event-queries';
import { logProgressEvent } from './log-progress-event';
import { deleteReadingLog, updateReadingLog } from './reading-logs';
import { readingStatsOf, readingStreakOf } from './stats-events';

export const readingHandlers = {
  async 'log-progress-event'(input, { deps, user }) {
    return { ok: true, event: await logProgressEvent(deps.db, user.userId, input) };
  },

  async 'list-reading-logs'(input, { deps, user }) {
    return listReadingLogs(deps.db, user.userId, input, deps.config.publicUrl);
  },

  async 'update-reading-log'(input, { deps, user }) {
    await updateReadingLog(deps.db, user.userId, input);
    return { ok: true };
  },

  async 'delete-reading-log'({ log_id }, { deps, user }) {
    await deleteReadingLog(deps.db, user.userId, log_id);
    return { ok: true };
  },

  async 'reading-events'(input, { deps, user }) {
    return listEvents(deps.db, user.userId, input);
  },

  async 'currently-reading'(_input, { deps, user }) {
    return { items: await listCurrentlyReading(deps.db, user.userId, { coversBase: deps.config.publicUrl }) };
  },

  async 'reading-stats'({ timezone }, { deps, user }) {
    return readingStatsOf(deps.db, user.userId, timezone ?? 'UTC');
  },

  async 'reading-streak'({ timezone }, { deps, user }) {
    return { streak: await readingStreakOf(deps.db, user.userId, timezone, new Date()) };
  },
} satisfies AreaHandlers<typeof readingEndpoints>;
