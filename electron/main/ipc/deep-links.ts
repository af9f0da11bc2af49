// deepLinks:* channels: what arrived by shelfwise:// link before the page was listening.
import { z } from 'zod';
import type { DeepLinkDelivery, DesktopInvokeApi } from '@shared/desktop-bridge';
import { handler } from './invoke-handler';
import type { HandlersFor } from './invoke-handler';

export function deepLinkHandlers({ outbox }: { outbox: { takePending(): DeepLinkDelivery[] } }) {
  return {
    takePending: handler(z.tuple([]), async () => outbox.takePending()),
  } satisfies HandlersFor<DesktopInvokeApi['deepLinks']>;
}
