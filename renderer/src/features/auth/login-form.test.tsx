import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GOOGLE_UNAVAILABLE_MESSAGE } from '@shared/api/accounts';
import { AuthFailure } from '../../platform/errors';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { RECOVERY_CODE_PROMPT, SECOND_FACTOR_PROMPT } from '../two-step/second-factor-form';
import { renderApp } from '../../testing/render-app';
import { CONFIRMATION_RESENT_MESSAGE } from './resend-confirmation';

async function typeCredentials(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText(/Email/), email);
  if (password) await user.type(screen.getByLabelText(/Password/), password);
  return user;
}

describe('Log in', () => {
  it('signs in with the e-mail and password, then goes to /', async () => {
    const backend = fakeBackend();
    renderApp('/login', backend);
    const user = await typeCredentials('ada@example.test', 'Sturdy#Pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(backend.signInWithPassword).toHaveBeenCalledWith('ada@example.test', 'Sturdy#Pass1');
  });

  it('asks for the authenticator code after the password when the account has two-step sign-in', async () => {
    const factor = { id: 'f0000000-0000-4000-8000-000000000002', verified: true };
    const backend = fakeBackend({
      overrides: {
        twoStep: async () => ({ currentLevel: 'aal1', nextLevel: 'aal2', factors: [factor] }),
        verifyTotp: async (_id, code) => {
          if (code !== '123456' && code !== 'k7m2q-9xz4r')
            throw new AuthFailure('Invalid TOTP code entered', 'mfa_verification_failed', 422);
          return { session: sessionFor(), recoveryCodes: null };
        },
      },
    });
    renderApp('/login', backend);
    const user = await typeCredentials('ada@example.test', 'Sturdy#Pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(SECOND_FACTOR_PROMPT)).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await user.type(screen.getByLabelText(/Authentication code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
    await user.clear(screen.getByLabelText(/Authentication code/));
    await user.type(screen.getByLabelText(/Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('takes a recovery code in place of the authenticator code', async () => {
    const factor = { id: 'f0000000-0000-4000-8000-000000000002', verified: true };
    const backend = fakeBackend({
      overrides: {
        twoStep: async () => ({ currentLevel: 'aal1', nextLevel: 'aal2', factors: [factor] }),
        verifyTotp: vi.fn(async (_id: string, code: string) => {
          if (code !== 'k7m2q-9xz4r')
            throw new AuthFailure('Invalid TOTP code entered', 'mfa_verification_failed', 422);
          return { session: sessionFor(), recoveryCodes: null };
        }),
      },
    });
    renderApp('/login', backend);
    const user = await typeCredentials('ada@example.test', 'Sturdy#Pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByText(RECOVERY_CODE_PROMPT)).toBeVisible();
    expect(screen.queryByLabelText(/Authentication code/)).toBeNull();
    await user.type(screen.getByLabelText(/Recovery code/), 'k7m2q-9xz4r');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(backend.verifyTotp).toHaveBeenCalledWith(factor.id, 'k7m2q-9xz4r');
  });

  it("shows the provider's message when sign-in fails", async () => {
    const backend = fakeBackend({
      overrides: {
        signInWithPassword: async () => {
          throw new AuthFailure('Invalid login credentials', 'invalid_credentials', 400);
        },
      },
    });
    renderApp('/login', backend);
    const user = await typeCredentials('ada@example.test', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('Forgot password? sends the reset mail to the typed address', async () => {
    const backend = fakeBackend();
    renderApp('/login', backend);
    const user = await typeCredentials(' ada@example.test ', '');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(
      await screen.findByText('Check your email for a link to reset your password.'),
    ).toBeInTheDocument();
    expect(backend.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.test');
  });

  it('Forgot password? asks for the address first when there is none', async () => {
    const backend = fakeBackend();
    renderApp('/login', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your email address first.');
    expect(backend.resetPasswordForEmail).not.toHaveBeenCalled();
  });

  it('offers Google and a way to sign up', async () => {
    const backend = fakeBackend();
    renderApp('/login', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Login with Google' }));
    expect(backend.signInWithGoogle).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'No account? Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('frees the Google button once the desktop app has opened the system browser', async () => {
    const backend = fakeBackend();
    renderApp('/login', { ...backend, kind: 'desktop' });
    const button = await screen.findByRole('button', { name: 'Login with Google' });
    await userEvent.click(button);
    expect(backend.signInWithGoogle).toHaveBeenCalled();
    // Mantine marks a loading button with data-loading; the reader can press it again.
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    expect(button).toBeEnabled();
  });

  it("offers 'Send the link again' for an unconfirmed address, and says a link is on its way", async () => {
    const backend = fakeBackend({
      overrides: {
        signInWithPassword: async () => {
          throw new AuthFailure('Email not confirmed', 'email_not_confirmed', 400);
        },
      },
    });
    renderApp('/login', backend);
    const user = await typeCredentials(' ada@example.test ', 'Sturdy#Pass1');
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email not confirmed');
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByText(CONFIRMATION_RESENT_MESSAGE)).closest('[role="status"]')).not.toBeNull();
    expect(backend.resendConfirmation).toHaveBeenCalledWith('ada@example.test');
  });

  it("shows the rate limit's message when a new link is refused", async () => {
    const backend = fakeBackend({
      overrides: {
        signInWithPassword: async () => {
          throw new AuthFailure('Email not confirmed', 'email_not_confirmed', 400);
        },
        resendConfirmation: async () => {
          throw new AuthFailure('Request rate limit reached', 'over_request_rate_limit', 429);
        },
      },
    });
    renderApp('/login', backend);
    const user = await typeCredentials('ada@example.test', 'Sturdy#Pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Request rate limit reached'),
    );
    expect(screen.queryByText(CONFIRMATION_RESENT_MESSAGE)).not.toBeInTheDocument();
  });

  it('does not offer a new link for other failures', async () => {
    const backend = fakeBackend({
      overrides: {
        signInWithPassword: async () => {
          throw new AuthFailure('Invalid login credentials', 'invalid_credentials', 400);
        },
      },
    });
    renderApp('/login', backend);
    const user = await typeCredentials('ada@example.test', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });

  it("shows Google's plain message and stays on the login screen when the server has no Google", async () => {
    const backend = fakeBackend({
      overrides: {
        signInWithGoogle: async () => {
          throw new AuthFailure(GOOGLE_UNAVAILABLE_MESSAGE, 'provider_disabled', 400);
        },
      },
    });
    renderApp('/login', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Login with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GOOGLE_UNAVAILABLE_MESSAGE);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});
