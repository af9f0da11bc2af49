// offline:* channels: whether main reaches the server, the cached answers that paint screens at once, and
// the changes made offline (retry now, dismiss a refusal the reader has read).
import { z } from 'zod';
import type { CachedAnswer, DesktopInvokeApi } from '@shared/desktop-bridge';
import type { OfflineSync } from '@shared/offline/offline-sync';
import { handler } from './invoke-handler';
import type { HandlersFor } from './invoke-handler';

export interface OfflineHandlerDeps {
  sync: Pick<OfflineSync, 'state' | 'retry' | 'dismiss'>;
  /** The signed-in reader's cached answers, newest first; none when signed out. */
  snapshot: () => Promise<CachedAnswer[]>;
}

export function offlineHandlers({ sync, snapshot }: OfflineHandlerDeps) {
  return {
    state: handler(z.tuple([]), async () => sync.state()),
    snapshot: handler(z.tuple([]), () => snapshot()),
    retry: handler(z.tuple([]), () => sync.retry()),
    dismiss: handler(z.tuple([z.string().max(100)]), async (_ctx, id) => sync.dismiss(id)),
  } satisfies HandlersFor<DesktopInvokeApi['offline']>;
}
