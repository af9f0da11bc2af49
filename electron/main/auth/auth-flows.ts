// Sign-ins that leave the app and come back by deep link (shelfwise://auth/callback?code=&state=). Each flow
// gets a random state inside its redirect_to; the callback must bring a state this app issued, once, before
// its deadline. The flows are kept in the token vault, so a mail link opened after a restart still works.
// Google sign-in and sign-up confirmations use main's own PKCE verifier; password reset, e-mail change and
// sign-in links by e-mail use the one supabase-js keeps in the vault.
import { toAppUrl } from '@shared/deep-links';
import type { AuthCallbackParams } from '@shared/deep-links';
import type { DeepLinkDelivery } from '@shared/desktop-bridge';
import { BridgeFailure } from '../bridge-failure';
import { createPendingFlows } from './pending-flows';
import type { FlowStore, PendingFlows } from './pending-flows';
import { randomUrlToken, s256Challenge } from './pkce';
import type { DesktopSession } from './session';

export type FlowPurpose = 'google' | 'sign-up' | 'reset' | 'email-change' | 'sign-in-link';
type ClientPkcePurpose = 'reset' | 'email-change' | 'sign-in-link';
const CLIENT_PKCE_PURPOSES: ReadonlySet<unknown> = new Set<ClientPkcePurpose>([
  'reset',
  'email-change',
  'sign-in-link',
]);

export type AuthFlow =
  | { kind: 'own-pkce'; purpose: 'google' | 'sign-up'; verifier: string }
  | { kind: 'client-pkce'; purpose: ClientPkcePurpose };

/** How long a flow waits: a browser sign-in is quick; mail links live an hour on the server. */
export const FLOW_TTL_MS: Record<FlowPurpose, number> = {
  google: 10 * 60_000,
  'sign-up': 60 * 60_000,
  reset: 60 * 60_000,
  'email-change': 60 * 60_000,
  'sign-in-link': 60 * 60_000,
};

/** Where the renderer goes when the flow ends. */
const PATHS: Record<FlowPurpose, { done: string; failed: string }> = {
  google: { done: '/', failed: '/login' },
  'sign-up': { done: '/', failed: '/login' },
  reset: { done: '/reset-password', failed: '/reset-password' },
  'email-change': { done: '/settings', failed: '/settings' },
  'sign-in-link': { done: '/', failed: '/login' },
};

/** A flow as read back from the vault, or null when it is not one this version writes. */
export function parseAuthFlow(value: unknown): AuthFlow | null {
  if (!value || typeof value !== 'object') return null;
  const { kind, purpose, verifier } = value as Record<string, unknown>;
  if (kind === 'own-pkce' && (purpose === 'google' || purpose === 'sign-up')) {
    return typeof verifier === 'string' && verifier.length > 0 ? { kind, purpose, verifier } : null;
  }
  if (kind === 'client-pkce' && CLIENT_PKCE_PURPOSES.has(purpose)) {
    return { kind, purpose: purpose as ClientPkcePurpose };
  }
  return null;
}

export const EXPIRED_FLOW_MESSAGE = 'The sign-in took too long. Please try again.';

/** The redirect_to of a flow: the auth server appends the code (or the error) to it. */
export function authCallbackUrl(state: string): string {
  return toAppUrl('auth/callback', { state });
}

/**
 * register-user as the desktop app sends it: main adds its own redirect and PKCE challenge, so the
 * confirmation mail links back into the app (shelfwise://confirm-signup) and its code signs the user in here.
 */
export function withSignUpFlow(flows: Pick<AuthFlows, 'startOwnPkce'>, payload: unknown): unknown {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const { redirectTo, challenge } = flows.startOwnPkce('sign-up');
  return { ...payload, redirect_to: redirectTo, code_challenge: challenge, code_challenge_method: 's256' };
}

export interface AuthFlows {
  /** A flow whose code main exchanges with its own verifier: the S256 challenge goes to the server. */
  startOwnPkce(purpose: 'google' | 'sign-up'): { redirectTo: string; challenge: string };
  /** A flow where supabase-js makes the challenge and keeps the verifier. */
  startClientPkce(purpose: ClientPkcePurpose): { redirectTo: string };
  /** Finishes the flow a callback belongs to; null when it belongs to none (ignored, logged). */
  complete(params: AuthCallbackParams): Promise<Extract<DeepLinkDelivery, { kind: 'auth' }> | null>;
}

export interface AuthFlowDeps {
  session: Pick<DesktopSession, 'exchangeWithVerifier' | 'exchangeCode'>;
  log: (message: string) => void;
  /** Keeps pending flows across restarts (the token vault); without it they last as long as the run. */
  store?: FlowStore;
  /** Tests hand in their own (a fake clock, say); else one over `store`. */
  flows?: PendingFlows<AuthFlow>;
  random?: (bytes: number) => Buffer;
}

export function createAuthFlows(deps: AuthFlowDeps): AuthFlows {
  const flows =
    deps.flows ?? createPendingFlows<AuthFlow>({ store: deps.store, parse: parseAuthFlow, log: deps.log });
  const token = () => randomUrlToken(deps.random);

  function register(flow: AuthFlow): string {
    const state = token();
    flows.add(state, flow, FLOW_TTL_MS[flow.purpose]);
    return state;
  }

  const failed = (purpose: FlowPurpose, message: string) =>
    ({ kind: 'auth', outcome: { kind: 'error', message }, path: PATHS[purpose].failed }) as const;

  return {
    startOwnPkce(purpose) {
      const verifier = token();
      const state = register({ kind: 'own-pkce', purpose, verifier });
      return { redirectTo: authCallbackUrl(state), challenge: s256Challenge(verifier) };
    },

    startClientPkce(purpose) {
      return { redirectTo: authCallbackUrl(register({ kind: 'client-pkce', purpose })) };
    },

    async complete(params) {
      const taken = await flows.take(params.state);
      if (taken.status === 'unknown') {
        // Replayed, long expired, or not ours at all: nothing to show, since anyone can send a link.
        deps.log('Ignored an auth callback whose state this app did not issue (or already used).');
        return null;
      }
      if (taken.status === 'expired') {
        deps.log('Refused an auth callback that came after its flow timed out.');
        // The purpose is gone with the flow; the sign-in page is where any of them can start again.
        return { kind: 'auth', outcome: { kind: 'error', message: EXPIRED_FLOW_MESSAGE }, path: '/login' };
      }
      const flow = taken.value;
      if ('error' in params) return failed(flow.purpose, params.error_description ?? params.error);

      try {
        if (flow.kind === 'own-pkce') {
          await deps.session.exchangeWithVerifier(params.code, flow.verifier);
          return {
            kind: 'auth',
            outcome: { kind: 'signed-in', recovery: false },
            path: PATHS[flow.purpose].done,
          };
        }
        const { recovery } = await deps.session.exchangeCode(params.code);
        return { kind: 'auth', outcome: { kind: 'signed-in', recovery }, path: PATHS[flow.purpose].done };
      } catch (error) {
        const message =
          error instanceof BridgeFailure ? error.message : 'The sign-in could not be completed.';
        deps.log(`An auth callback failed: ${message}`);
        return failed(flow.purpose, message);
      }
    },
  };
}
