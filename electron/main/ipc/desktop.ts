// desktop:* channels: the reader's desktop preferences, the colour scheme for the window chrome, native
// notifications and taskbar progress (the renderer's optional Backend hooks).
import { z } from 'zod';
import type { DesktopInvokeApi } from '@shared/desktop-bridge';
import type { DesktopShell } from '../desktop-shell';
import { inAppPath } from '../desktop-shell';
import { handler } from './invoke-handler';
import type { HandlersFor } from './invoke-handler';

const notice = z.object({
  kind: z.enum(['goal-reached', 'import-finished']),
  title: z.string().min(1).max(200),
  body: z.string().max(1000),
  path: inAppPath,
});

export function desktopHandlers({ shell }: { shell: DesktopShell }) {
  return {
    preferences: handler(z.tuple([]), async () => shell.preferences()),
    setNotifications: handler(z.tuple([z.boolean()]), async (_ctx, enabled) =>
      shell.setNotifications(enabled),
    ),
    setColorScheme: handler(z.tuple([z.enum(['system', 'light', 'dark'])]), async (_ctx, scheme) => {
      shell.setColorScheme(scheme);
      return null;
    }),
    notify: handler(z.tuple([notice]), async (_ctx, n) => {
      shell.notify(n);
      return null;
    }),
    setTaskbarProgress: handler(z.tuple([z.number().min(0).max(1).nullable()]), async (_ctx, fraction) => {
      shell.setTaskbarProgress(fraction);
      return null;
    }),
  } satisfies HandlersFor<DesktopInvokeApi['desktop']>;
}
