// Tests only: a `window.shelfwise` whose every function is a vitest spy answering what the test sets, plus
// the two events main sends (auth state, deep-link deliveries), so desktop.ts runs without Electron.
import { vi } from 'vitest';
import type {
  AppInfo,
  BridgeAuthEvent,
  BridgeResult,
  BridgeSession,
  BridgeUser,
  CachedAnswer,
  DeepLinkDelivery,
  DesktopPreferences,
  OfflineState,
  ServerChoiceOutcome,
  ServerChoiceState,
  DesktopEventApi,
  ShelfwiseBridge,
} from '@shared/desktop-bridge';

export const BRIDGE_SERVER = 'http://localhost:8787';
export const BRIDGE_USER: BridgeUser = {
  id: '6c0c3f8e-2f7e-4d53-9b1c-0d6f6a1c2b3d',
  email: 'ada@example.test',
  pendingEmail: null,
  metadata: { first_name: 'Ada' },
};
export const BRIDGE_SESSION: BridgeSession = { user: BRIDGE_USER, expiresAt: 2_000_000_000 };

export const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value });

type Listener<C extends keyof DesktopEventApi> = (payload: DesktopEventApi[C]) => void;

function channel<C extends keyof DesktopEventApi>() {
  const listeners = new Set<Listener<C>>();
  return {
    subscribe: vi.fn((listener: Listener<C>) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    }),
    emit: (payload: DesktopEventApi[C]) => listeners.forEach((listener) => listener(payload)),
    get size() {
      return listeners.size;
    },
  };
}

export function fakeBridge(
  options: {
    session?: BridgeSession | null;
    pending?: DeepLinkDelivery[];
    cached?: CachedAnswer[];
    /** A first run: no server chosen yet. */
    serverChosen?: boolean;
    /** False: a memory-only vault (no keyring). */
    keepsSignIn?: boolean;
  } = {},
) {
  let serverState: ServerChoiceState = {
    serverUrl: BRIDGE_SERVER,
    defaultServerUrl: BRIDGE_SERVER,
    chosen: options.serverChosen ?? true,
    fixedByEnvironment: false,
  };
  let session = options.session ?? null;
  let offlineState: OfflineState = { online: true, pending: 0, refused: [] };
  const offlineStates = channel<'offline:state'>();
  const commands = channel<'desktop:command'>();
  let preferences: DesktopPreferences = { notifications: false };
  let pending = options.pending ?? [];
  const states = channel<'auth:state'>();
  const deliveries = channel<'deepLinks:delivery'>();
  const info: AppInfo = {
    name: 'Shelfwise',
    version: '0.1.0',
    platform: 'linux',
    serverUrl: BRIDGE_SERVER,
    keepsSignIn: options.keepsSignIn ?? true,
  };

  const spies = {
    auth: {
      getSession: vi.fn(async (): Promise<BridgeResult<BridgeSession | null>> => ok(session)),
      getUser: vi.fn(async (): Promise<BridgeResult<BridgeUser>> => ok(BRIDGE_USER)),
      signInWithPassword: vi.fn(
        async (_email: string, _password: string): Promise<BridgeResult<BridgeSession>> => ok(BRIDGE_SESSION),
      ),
      signInWithGoogle: vi.fn(async (): Promise<BridgeResult<null>> => ok(null)),
      signOut: vi.fn(async (): Promise<BridgeResult<null>> => ok(null)),
      resetPasswordForEmail: vi.fn(async (_email: string): Promise<BridgeResult<null>> => ok(null)),
      resendConfirmation: vi.fn(async (_email: string): Promise<BridgeResult<null>> => ok(null)),
      sendSignInLink: vi.fn(async (_email: string): Promise<BridgeResult<null>> => ok(null)),
      signInWithEmailCode: vi.fn(
        async (_email: string, _code: string): Promise<BridgeResult<BridgeSession>> => ok(BRIDGE_SESSION),
      ),
      updateUser: vi.fn(async (_changes: unknown): Promise<BridgeResult<BridgeUser>> => ok(BRIDGE_USER)),
      onStateChange: states.subscribe,
    },
    sf: {
      call: vi.fn(async (_name: string, _payload?: unknown): Promise<BridgeResult<unknown>> => ok({})),
      cached: vi.fn(async (_name: string): Promise<BridgeResult<unknown>> => ok(null)),
    },
    storage: {
      uploadAvatar: vi.fn(async (_image: Uint8Array, _type: string): Promise<BridgeResult<string>> =>
        ok(`${BRIDGE_SERVER}/storage/v1/object/public/avatars/public/${BRIDGE_USER.id}.png`),
      ),
    },
    deepLinks: {
      takePending: vi.fn(async (): Promise<BridgeResult<DeepLinkDelivery[]>> => {
        const taken = pending;
        pending = [];
        return ok(taken);
      }),
      onDelivery: deliveries.subscribe,
    },
    app: {
      info: vi.fn(async (): Promise<BridgeResult<AppInfo>> => ok(info)),
      server: vi.fn(async (): Promise<BridgeResult<ServerChoiceState>> => ok(serverState)),
      // Main's checks are its own (electron/main/server-choice.ts); this one takes the current server only.
      chooseServer: vi.fn(async (address: string): Promise<BridgeResult<ServerChoiceOutcome>> => {
        if (address.replace(/\/+$/, '') !== serverState.serverUrl)
          return ok({ ok: false, message: `${address} did not answer as a Shelfwise server.` });
        serverState = { ...serverState, chosen: true };
        return ok({ ok: true, serverUrl: serverState.serverUrl, restarting: false });
      }),
    },
    offline: {
      state: vi.fn(async (): Promise<BridgeResult<OfflineState>> => ok(offlineState)),
      snapshot: vi.fn(async (): Promise<BridgeResult<CachedAnswer[]>> => ok(options.cached ?? [])),
      retry: vi.fn(async (): Promise<BridgeResult<OfflineState>> => ok(offlineState)),
      dismiss: vi.fn(async (id: string): Promise<BridgeResult<OfflineState>> => {
        offlineState = { ...offlineState, refused: offlineState.refused.filter((r) => r.id !== id) };
        return ok(offlineState);
      }),
      onState: offlineStates.subscribe,
    },
    desktop: {
      preferences: vi.fn(async (): Promise<BridgeResult<DesktopPreferences>> => ok(preferences)),
      setNotifications: vi.fn(async (enabled: boolean): Promise<BridgeResult<DesktopPreferences>> => {
        preferences = { notifications: enabled };
        return ok(preferences);
      }),
      setColorScheme: vi.fn(async (_scheme: string): Promise<BridgeResult<null>> => ok(null)),
      notify: vi.fn(async (_notice: unknown): Promise<BridgeResult<null>> => ok(null)),
      setTaskbarProgress: vi.fn(async (_fraction: number | null): Promise<BridgeResult<null>> => ok(null)),
      onCommand: commands.subscribe,
    },
  };

  return {
    // sf.call is generic over endpoint names in ShelfwiseBridge; the spies answer whatever the test sets.
    bridge: spies as unknown as ShelfwiseBridge,
    spies,
    /** Main announcing a session change (and what getSession answers from now on). */
    emitState(event: BridgeAuthEvent, next: BridgeSession | null) {
      session = next;
      states.emit({ event, session: next });
    },
    /** Main sending a delivery to a page that already asked for the pending ones. */
    deliver: (delivery: DeepLinkDelivery) => deliveries.emit(delivery),
    deliveryListeners: () => deliveries.size,
    /** Main announcing that it reaches the server or not, and what waits or was refused. */
    emitOffline(next: OfflineState) {
      offlineState = next;
      offlineStates.emit(next);
    },
    /** The application menu asking the page for something. */
    command: (command: DesktopEventApi['desktop:command']) => commands.emit(command),
  };
}
