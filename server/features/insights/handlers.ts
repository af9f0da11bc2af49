import type { insightsEndpoints } from '@shared/api/insights';
import type { AreaHandlers } from '../../http/handler-context';
import { readingInsights } from './reading-insights';

export const insightsHandlers = {
  async 'reading-insights'(input, { deps, user }) {
    // Covers are served from our own origin like on every other screen (the CSP allows no other).
    return readingInsights(deps.db, user.userId, input, new Date(), deps.config.publicUrl);
  },
} satisfies AreaHandlers<typeof insightsEndpoints>;
