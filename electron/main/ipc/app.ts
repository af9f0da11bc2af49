// app:* channels: name, version, platform, the server's public address, and the reader's choice of server.
import { z } from 'zod';
import type { AppInfo, DesktopInvokeApi } from '@shared/desktop-bridge';
import type { ServerChooser } from '../server-choice';
import { handler } from './invoke-handler';
import type { HandlersFor } from './invoke-handler';

export interface AppHandlerDeps {
  version: string;
  platform: string;
  configuredServerUrl: string;
  /** The server's own idea of its address (/client-config `url`); may fail while it is down. */
  publicServerUrl: () => Promise<string>;
  serverChooser: ServerChooser;
  /** The vault persists (safeStorage), or lives in memory for this run only. */
  keepsSignIn: boolean;
}

export function appHandlers(deps: AppHandlerDeps) {
  return {
    info: handler(z.tuple([]), async (): Promise<AppInfo> => {
      const serverUrl = await deps.publicServerUrl().catch(() => deps.configuredServerUrl);
      return {
        name: 'Shelfwise',
        version: deps.version,
        platform: deps.platform,
        serverUrl,
        keepsSignIn: deps.keepsSignIn,
      };
    }),
    server: handler(z.tuple([]), async () => deps.serverChooser.state()),
    // Longer than any address a reader types; the chooser checks the rest.
    chooseServer: handler(z.tuple([z.string().max(2048)]), async (_ctx, address) =>
      deps.serverChooser.choose(address),
    ),
  } satisfies HandlersFor<DesktopInvokeApi['app']>;
}
