// sf:* channels: /sf/ calls proxied with the bearer added in main, and the answers main cached for the
// signed-in user.
import { z } from 'zod';
import { isEndpointName } from '@shared/api/endpoints';
import type { EndpointName } from '@shared/api/endpoints';
import { CACHED_ENDPOINTS } from '@shared/desktop-bridge';
import type { DesktopInvokeApi } from '@shared/desktop-bridge';
import type { CacheStore } from '@shared/offline/cache-store';
import { handler } from './invoke-handler';
import type { HandlersFor } from './invoke-handler';

const endpointName = z.custom<EndpointName>(
  (v) => typeof v === 'string' && isEndpointName(v),
  'unknown endpoint',
);

export interface SfHandlerDeps {
  proxy: { call(name: string, payload: unknown): Promise<unknown> };
  currentUserId: () => Promise<string | null>;
  cache: Pick<CacheStore, 'read'>;
}

export function sfHandlers({ proxy, currentUserId, cache }: SfHandlerDeps) {
  return {
    // The payload is checked against the endpoint's own request schema inside the proxy.
    call: handler(z.tuple([endpointName, z.unknown().optional()]), (_ctx, name, payload) =>
      proxy.call(name, payload),
    ),
    cached: handler(
      z.tuple([z.enum(CACHED_ENDPOINTS), z.unknown().optional()]),
      async (_ctx, name, payload): Promise<unknown> => {
        const userId = await currentUserId();
        return userId ? (cache.read(userId, name, payload)?.value ?? null) : null;
      },
    ),
  } satisfies HandlersFor<DesktopInvokeApi['sf']>;
}
