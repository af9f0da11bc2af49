// auth:* channels: sign-in (password, Google), sign-out, reset mail, user updates and the session the
// renderer may see. Tokens stay in main; e-mail flows get a shelfwise:// redirect that comes back here.
import { z } from 'zod';
import type { DesktopInvokeApi } from '@shared/desktop-bridge';
import type { AuthFlows } from '../auth/auth-flows';
import type { DesktopSession } from '../auth/session';
import { handler } from './invoke-handler';
import type { HandlersFor } from './invoke-handler';

// Shapes and sizes only: the server judges the values and its messages are the ones users see.
const email = z.string().max(320);
const password = z.string().max(1024);
const userChanges = z
  .object({
    password: password.optional(),
    /** Proof of presence for a new password or address, when the server asks for it. */
    current_password: password.optional(),
    email: email.optional(),
    data: z
      .record(z.string(), z.unknown())
      .refine((data) => JSON.stringify(data).length <= 64 * 1024, 'metadata is at most 64 KB')
      .optional(),
  })
  .strict();
const none = z.tuple([]);
const factorId = z.string().max(64);
const code = z.string().max(32);

export interface AuthHandlerDeps {
  session: DesktopSession;
  flows: Pick<AuthFlows, 'startClientPkce' | 'startOwnPkce'>;
  google: { start(): Promise<void> };
}

export function authHandlers({ session, flows, google }: AuthHandlerDeps) {
  return {
    getSession: handler(none, () => session.getSession()),
    getUser: handler(none, () => session.getUser()),
    signInWithPassword: handler(z.tuple([email, password]), (_ctx, address, secret) =>
      session.signInWithPassword(address, secret),
    ),
    signInWithGoogle: handler(none, async () => {
      await google.start();
      return null;
    }),
    signOut: handler(none, async () => {
      await session.signOut();
      return null;
    }),
    resetPasswordForEmail: handler(z.tuple([email]), async (_ctx, address) => {
      await session.resetPasswordForEmail(address, flows.startClientPkce('reset').redirectTo);
      return null;
    }),
    /** A new sign-up link, made as the desktop sign-up's was (withSignUpFlow): back into the app, main's PKCE. */
    resendConfirmation: handler(z.tuple([email]), async (_ctx, address) => {
      await session.resendSignUp(address, flows.startOwnPkce('sign-up'));
      return null;
    }),
    /** A sign-in link: its code comes back by deep link, exchanged with the verifier supabase-js keeps. */
    sendSignInLink: handler(z.tuple([email]), async (_ctx, address) => {
      await session.sendSignInLink(address, flows.startClientPkce('sign-in-link').redirectTo);
      return null;
    }),
    signInWithEmailCode: handler(z.tuple([email, code]), (_ctx, address, typed) =>
      session.signInWithEmailCode(address, typed),
    ),
    updateUser: handler(z.tuple([userChanges]), (_ctx, changes) =>
      session.updateUser(
        changes,
        changes.email ? flows.startClientPkce('email-change').redirectTo : undefined,
      ),
    ),
    // Two-step sign-in: main's session makes the /factors calls with the tokens it keeps.
    twoStep: handler(none, () => session.twoStep()),
    enrollTotp: handler(none, () => session.enrollTotp()),
    verifyTotp: handler(z.tuple([factorId, code]), (_ctx, id, typed) => session.verifyTotp(id, typed)),
    unenrollFactor: handler(z.tuple([factorId]), async (_ctx, id) => {
      await session.unenrollFactor(id);
      return null;
    }),
  } satisfies HandlersFor<DesktopInvokeApi['auth']>;
}
