import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthFailure } from '../../platform/errors';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { SECOND_FACTOR_PROMPT } from '../two-step/second-factor-form';
import { ENTER_EMAIL_FIRST_MESSAGE, SIGN_IN_LINK_BUTTON } from './login-form';
import {
  CODE_SHAPE_MESSAGE,
  NEW_LINK_SENT_MESSAGE,
  signInLinkSentMessage,
  TOO_MANY_CODES_MESSAGE,
  WRONG_CODE_MESSAGE,
} from './sign-in-code-step';

const EMAIL = 'ada@example.test';

async function askForLink(backend = fakeBackend(), email = EMAIL) {
  renderApp('/login', backend);
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText(/Email/), email);
  await user.click(await screen.findByRole('button', { name: SIGN_IN_LINK_BUTTON }));
  return user;
}

describe("Log in: 'E-mail me a sign-in link'", () => {
  it('asks for the address first when there is none', async () => {
    const backend = fakeBackend();
    await askForLink(backend, '');
    expect(await screen.findByRole('alert')).toHaveTextContent(ENTER_EMAIL_FIRST_MESSAGE);
    expect(backend.sendSignInLink).not.toHaveBeenCalled();
  });

  it('mails the link to the typed address, says a link and a code were sent, and signs in with the code', async () => {
    const backend = fakeBackend();
    const user = await askForLink(backend, `  ${EMAIL} `);
    expect(backend.sendSignInLink).toHaveBeenCalledWith(EMAIL);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(screen.getByText(signInLinkSentMessage(EMAIL))).toBeVisible();
    const field = screen.getByLabelText(/6-digit code/);
    expect(field).toHaveFocus();
    await user.type(field, '042 917{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(backend.signInWithEmailCode).toHaveBeenCalledWith(EMAIL, '042917');
  });

  it('says what to do when the code is not six digits, wrong, or limited', async () => {
    const signInWithEmailCode = vi
      .fn()
      .mockRejectedValueOnce(new AuthFailure('Token has expired or is invalid', 'otp_expired', 403))
      .mockRejectedValueOnce(new AuthFailure('Request rate limit reached', 'over_request_rate_limit', 429));
    const user = await askForLink(fakeBackend({ overrides: { signInWithEmailCode } }));
    const field = await screen.findByLabelText(/6-digit code/);
    await user.type(field, '12345{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(CODE_SHAPE_MESSAGE);
    expect(signInWithEmailCode).not.toHaveBeenCalled();
    await user.type(field, '6{Enter}');
    expect(await screen.findByText(WRONG_CODE_MESSAGE)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign in with the code' }));
    expect(await screen.findByText(TOO_MANY_CODES_MESSAGE)).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('sends a new link on request, and goes back to the login form', async () => {
    const backend = fakeBackend();
    const user = await askForLink(backend);
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect((await screen.findByText(NEW_LINK_SENT_MESSAGE)).closest('[role="status"]')).not.toBeNull();
    expect(backend.sendSignInLink).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeVisible();
  });

  it("shows the server's message when the link cannot be sent, and stays on the form", async () => {
    const sendSignInLink = vi.fn(async () => {
      throw new AuthFailure('Request rate limit reached', 'over_request_rate_limit', 429);
    });
    await askForLink(fakeBackend({ overrides: { sendSignInLink } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Request rate limit reached');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  it('still asks for the authenticator code after the e-mail code when the account has two-step sign-in', async () => {
    const factor = { id: 'f0000000-0000-4000-8000-000000000002', verified: true };
    const backend = fakeBackend({
      overrides: {
        twoStep: async () => ({ currentLevel: 'aal1', nextLevel: 'aal2', factors: [factor] }),
        verifyTotp: async () => ({ session: sessionFor(), recoveryCodes: null }),
      },
    });
    const user = await askForLink(backend);
    await user.type(await screen.findByLabelText(/6-digit code/), '123456{Enter}');
    expect(await screen.findByText(SECOND_FACTOR_PROMPT)).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await user.type(screen.getByLabelText(/Authentication code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
