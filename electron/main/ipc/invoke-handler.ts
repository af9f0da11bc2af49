// One IPC handler: the zod schema of its arguments and the function that answers. Namespaced handler maps
// (ipc/<namespace>.ts) are typed against DesktopInvokeApi in shared/desktop-bridge.ts, so main, preload and
// renderer agree on every channel's arguments and answer (ARCHITECTURE.md Style 2).
import type { z } from 'zod';

export interface InvokeContext {
  /** The page that called, already checked to be ours. */
  senderUrl: string;
}

export interface InvokeHandler<A extends unknown[], R> {
  args: z.ZodType<A>;
  // A property, not a method, so TypeScript checks its arguments strictly against the contract.
  run: (ctx: InvokeContext, ...args: A) => Promise<R>;
}

export function handler<S extends z.ZodType<unknown[]>, R>(
  args: S,
  run: (ctx: InvokeContext, ...args: z.output<S>) => Promise<R>,
): InvokeHandler<z.output<S>, R> {
  return { args: args as unknown as z.ZodType<z.output<S>>, run };
}

/** The handlers one namespace of `Api` needs: same methods, same arguments, same answers. */
export type HandlersFor<Api> = {
  [M in keyof Api]: Api[M] extends (...args: infer A) => infer R ? InvokeHandler<A, R> : never;
};

export type HandlerMapFor<Api> = { [NS in keyof Api]: HandlersFor<Api[NS]> };

export const channelOf = (namespace: string, method: string) => `${namespace}:${method}`;
