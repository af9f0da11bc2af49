// /sf/ discovery calls (issue 28): Trending, New Releases and the genres they filter by.
import type { discoveryEndpoints } from '@shared/api/discovery';
import type { AreaHandlers } from '../../http/handler-context';
import { newReleases } from './new-releases';
import { trendingWorks } from './trending';

export const discoveryHandlers = {
  async 'discovery-genres'(_input, { deps }) {
    const genres = await deps.db.query<{ id: number; name: string }>(
      'select id, name from public.genres order by name',
    );
    return { genres };
  },
  async 'trending-works'(input, { deps }) {
    return trendingWorks(deps.db, input, deps.config.publicUrl);
  },
  async 'new-releases'(input, { deps }) {
    return newReleases(deps.db, input, deps.config.publicUrl);
  },
} satisfies AreaHandlers<typeof discoveryEndpoints>;
