// Main-to-renderer events, typed by DesktopEventApi. Only the main window's page receives them.
import type { DesktopEventApi, DesktopEventChannel } from '@shared/desktop-bridge';

export type SendEvent = <C extends DesktopEventChannel>(channel: C, payload: DesktopEventApi[C]) => void;

export function createEventSender(send: (channel: string, payload: unknown) => void): SendEvent {
  return (channel, payload) => send(channel, payload);
}
