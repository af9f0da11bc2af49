// app:* channels: name, version, platform and the server's public address.
import { z } from 'zod';
import type { AppInfo, DesktopInvokeApi } from '@shared/desktop-bridge';
import { handler } from './invoke-handler';
import type { HandlersFor } from './invoke-handler';

export interface AppHandlerDeps {
  version: string;
  platform: string;
  configuredServerUrl: string;
  /** The server's own idea of its address (/client-config `url`); may fail while it is down. */
  publicServerUrl: () => Promise<string>;
}

export function appHandlers(deps: AppHandlerDeps) {
  return {
    info: handler(z.tuple([]), async (): Promise<AppInfo> => {
      const serverUrl = await deps.publicServerUrl().catch(() => deps.configuredServerUrl);
      return { name: 'Shelfwise', version: deps.version, platform: deps.platform, serverUrl };
    }),
  } satisfies HandlersFor<DesktopInvokeApi['app']>;
}
