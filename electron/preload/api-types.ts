// The renderer's bridge types are not derived: they are written by hand in shared/desktop-bridge.ts, since
// the renderer's lint rules forbid importing electron/. Here the types are derived from main's handler map
// (ARCHITECTURE.md Style 2) and the checks below fail the build unless the two are identical. Type-only:
// nothing here exists at run time.
import type { BridgeResult, DesktopInvokeApi, ShelfwiseBridge } from '@shared/desktop-bridge';
import type { HandlerMap } from '../main/ipc/handler-map';
import type { InvokeHandler } from '../main/ipc/invoke-handler';

/** What each channel looks like from the page: the handler's arguments in, a BridgeResult of its answer out. */
export type RendererInvokeApi = {
  [NS in keyof HandlerMap]: {
    [M in keyof HandlerMap[NS]]: HandlerMap[NS][M] extends InvokeHandler<infer A, infer R>
      ? (...args: A) => Promise<BridgeResult<R>>
      : never;
  };
};

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

type ContractInvokers = {
  [NS in keyof DesktopInvokeApi]: {
    [M in keyof DesktopInvokeApi[NS]]: DesktopInvokeApi[NS][M] extends (...args: infer A) => infer R
      ? (...args: A) => Promise<BridgeResult<R>>
      : never;
  };
};

// The handler map answers exactly the contract, namespace by namespace (sf's generic call is typed by hand
// in ShelfwiseBridge on top of the same channel).
export type HandlerMapMatchesContract = Expect<Equal<RendererInvokeApi, ContractInvokers>>;
// Every invoke method of the bridge type is a channel of the handler map.
export type BridgeMatchesHandlerMap = Expect<
  Equal<
    { [NS in keyof HandlerMap]: keyof HandlerMap[NS] },
    { [NS in keyof HandlerMap]: Exclude<keyof ShelfwiseBridge[NS], `on${string}`> }
  >
>;

export type { ShelfwiseBridge, DesktopInvokeApi, BridgeResult } from '@shared/desktop-bridge';
