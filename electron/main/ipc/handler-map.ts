// The whole IPC surface: one handler map per namespace. `satisfies` holds it to DesktopInvokeApi, and the
// preload's channel list and the renderer's types are checked against it (electron/preload/api-types.ts).
import type { DesktopInvokeApi } from '@shared/desktop-bridge';
import { appHandlers } from './app';
import type { AppHandlerDeps } from './app';
import { authHandlers } from './auth';
import type { AuthHandlerDeps } from './auth';
import { deepLinkHandlers } from './deep-links';
import { desktopHandlers } from './desktop';
import { offlineHandlers } from './offline';
import type { OfflineHandlerDeps } from './offline';
import type { DesktopShell } from '../desktop-shell';
import type { HandlerMapFor } from './invoke-handler';
import { sfHandlers } from './sf';
import type { SfHandlerDeps } from './sf';
import { storageHandlers } from './storage';

export interface HandlerMapDeps {
  auth: AuthHandlerDeps;
  sf: SfHandlerDeps;
  outbox: Parameters<typeof deepLinkHandlers>[0]['outbox'];
  app: AppHandlerDeps;
  offline: OfflineHandlerDeps;
  shell: DesktopShell;
}

export function createHandlerMap(deps: HandlerMapDeps) {
  return {
    auth: authHandlers(deps.auth),
    sf: sfHandlers(deps.sf),
    storage: storageHandlers({ session: deps.auth.session }),
    deepLinks: deepLinkHandlers({ outbox: deps.outbox }),
    app: appHandlers(deps.app),
    offline: offlineHandlers(deps.offline),
    desktop: desktopHandlers({ shell: deps.shell }),
  } satisfies HandlerMapFor<DesktopInvokeApi>;
}

export type HandlerMap = ReturnType<typeof createHandlerMap>;
