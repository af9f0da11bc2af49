// The channel names the preload exposes. The preload cannot import main's handler map (it pulls in
// supabase-js and Node), so the names are listed here, checked by the compiler against DesktopInvokeApi and
// by a test against the handler map itself.
import type { DesktopEventChannel, DesktopInvokeApi } from '@shared/desktop-bridge';

export const INVOKE_METHODS = {
  auth: [
    'getSession',
    'getUser',
    'signInWithPassword',
    'signInWithGoogle',
    'signOut',
    'resetPasswordForEmail',
    'resendConfirmation',
    'sendSignInLink',
    'signInWithEmailCode',
    'updateUser',
    'twoStep',
    'enrollTotp',
    'verifyTotp',
    'unenrollFactor',
  ],
  sf: ['call', 'cached'],
  offline: ['state', 'snapshot', 'retry', 'dismiss'],
  desktop: ['preferences', 'setNotifications', 'setColorScheme', 'notify', 'setTaskbarProgress'],
  storage: ['uploadAvatar'],
  deepLinks: ['takePending'],
  app: ['info', 'server', 'chooseServer'],
} as const satisfies { [NS in keyof DesktopInvokeApi]: readonly (keyof DesktopInvokeApi[NS])[] };

/** Subscriptions the bridge offers, by namespace: function name -> event channel. */
export const EVENT_SUBSCRIPTIONS = {
  auth: { onStateChange: 'auth:state' },
  deepLinks: { onDelivery: 'deepLinks:delivery' },
  offline: { onState: 'offline:state' },
  desktop: { onCommand: 'desktop:command' },
} as const satisfies Partial<Record<keyof DesktopInvokeApi, Record<string, DesktopEventChannel>>>;

// Every method of the contract is listed (the `satisfies` above only proves the listed ones exist).
type Missing = {
  [NS in keyof DesktopInvokeApi]: Exclude<keyof DesktopInvokeApi[NS], (typeof INVOKE_METHODS)[NS][number]>;
}[keyof DesktopInvokeApi];
const everyMethodListed: [Missing] extends [never] ? true : Missing = true;
void everyMethodListed;
