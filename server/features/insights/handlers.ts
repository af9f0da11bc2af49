import type { insightsEndpoints } from '@shared/api/insights';
import type { AreaHandlers } from '../../http/sf-router';
import { readingInsights } from './reading-insights';

export const insightsHandlers = {
  async 'reading-insights'(input, { deps, user }) {
    return readingInsights(deps.db, user.userId, input, new Date(), deps.config.coversUrl);
  },
} satisfies AreaHandlers<typeof insightsEndpoints>;
