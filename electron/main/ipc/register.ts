// Puts a handler map on ipcMain as `namespace:method` channels. Each call is checked for its sender, then
// for its arguments, and always answers a BridgeResult; an unexpected error is logged here and reaches the
// renderer only as a generic message.
import type { z } from 'zod';
import type { BridgeResult } from '@shared/desktop-bridge';
import { BridgeFailure, toBridgeError } from '../bridge-failure';
import { channelOf } from './invoke-handler';
import type { InvokeContext } from './invoke-handler';
import { isTrustedSender } from './trusted-sender';
import type { SenderFrame } from './trusted-sender';

export interface InvokeEvent {
  senderFrame: SenderFrame | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
}

/** Any handler, as far as registration cares: a schema for the arguments and a function to run. */
export interface AnyInvokeHandler {
  args: z.ZodType<unknown[]>;
  run: (ctx: InvokeContext, ...args: never[]) => Promise<unknown>;
}
export type AnyHandlerMap = Record<string, Record<string, AnyInvokeHandler>>;

export const FORBIDDEN_MESSAGE = 'This page may not use the desktop bridge.';

export function invokeListener(
  channel: string,
  h: AnyInvokeHandler,
  options: { appOrigin: string; log: (message: string) => void },
) {
  return async (event: InvokeEvent, ...args: unknown[]): Promise<BridgeResult<unknown>> => {
    const frame = event.senderFrame;
    if (!isTrustedSender(frame, options.appOrigin)) {
      options.log(`Refused ${channel} from a frame that is not our page.`);
      return { ok: false, error: { kind: 'forbidden', message: FORBIDDEN_MESSAGE } };
    }
    const parsed = h.args.safeParse(args);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `argument ${issue.path.join('.')}: ` : '';
      return {
        ok: false,
        error: { kind: 'invalid', message: `${channel}: ${where}${issue?.message ?? 'bad arguments'}` },
      };
    }
    try {
      const run = h.run as (ctx: InvokeContext, ...a: unknown[]) => Promise<unknown>;
      return { ok: true, value: await run({ senderUrl: frame.url }, ...parsed.data) };
    } catch (error) {
      if (!(error instanceof BridgeFailure))
        options.log(`${channel} failed: ${error instanceof Error ? error.stack : String(error)}`);
      return { ok: false, error: toBridgeError(error) };
    }
  };
}

/** Registers every handler of `map`; answers the channel names. */
export function registerInvokeHandlers(
  ipcMain: IpcMainLike,
  map: AnyHandlerMap,
  options: { appOrigin: string; log: (message: string) => void },
): string[] {
  const channels: string[] = [];
  for (const [namespace, handlers] of Object.entries(map)) {
    for (const [method, h] of Object.entries(handlers)) {
      const channel = channelOf(namespace, method);
      ipcMain.handle(channel, invokeListener(channel, h, options));
      channels.push(channel);
    }
  }
  return channels;
}
