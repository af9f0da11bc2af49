// Every IPC call must come from our own page's main frame (Electron security checklist, item 17): not from
// an embedded player's iframe, not from a page the window was somehow navigated to, not from a frame that
// is already gone.
import { isAppUrl } from '../app-origin';

/** The parts of Electron's WebFrameMain the check reads. */
export interface SenderFrame {
  url: string;
  parent: unknown;
  detached?: boolean;
}

export function isTrustedSender(
  frame: SenderFrame | null | undefined,
  appOrigin: string,
): frame is SenderFrame {
  if (!frame || frame.detached === true) return false;
  if (frame.parent !== null) return false;
  return typeof frame.url === 'string' && isAppUrl(frame.url, appOrigin);
}
