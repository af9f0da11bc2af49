import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REAUTHENTICATION_NEEDED, REAUTHENTICATION_NEEDED_MESSAGE } from '@shared/api/presence';
import type { UserChanges } from '../../platform/backend';
import { AuthFailure } from '../../platform/errors';
import { TEST_USER, fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

async function setPassword(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('Reset password', () => {
  it('applies the sign-up password rules', async () => {
    const backend = fakeBackend({ session: sessionFor() });
    renderApp('/reset-password', backend);
    await setPassword('short', 'other');
    expect(await screen.findByText(/Password must be at least 8 characters long/)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(backend.updateUser).not.toHaveBeenCalled();
  });

  it("says 'Password updated!' and goes to /settings", async () => {
    const backend = fakeBackend({ session: sessionFor() });
    renderApp('/reset-password', backend);
    await setPassword('New#Pass123', 'New#Pass123');
    expect(await screen.findByText('Password updated!')).toBeInTheDocument();
    expect(backend.updateUser).toHaveBeenCalledWith({ password: 'New#Pass123' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings'), {
      timeout: 3000,
    });
  });

  it('asks for the current password when the reset session is no longer recent, then retries', async () => {
    const backend = fakeBackend({ session: sessionFor() });
    backend.updateUser = vi.fn(async (changes: UserChanges) => {
      if (changes.current_password !== 'Old#Pass123') {
        throw new AuthFailure(REAUTHENTICATION_NEEDED_MESSAGE, REAUTHENTICATION_NEEDED, 400);
      }
      return TEST_USER;
    });
    renderApp('/reset-password', backend);
    await setPassword('New#Pass123', 'New#Pass123');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'Old#Pass123{Enter}');
    expect(await screen.findByText('Password updated!')).toBeInTheDocument();
    expect(backend.updateUser).toHaveBeenLastCalledWith({
      password: 'New#Pass123',
      current_password: 'Old#Pass123',
    });
  });

  it('says the link may have expired when the update fails', async () => {
    const backend = fakeBackend({
      overrides: {
        updateUser: async () => {
          throw new AuthFailure('Auth session missing!', null, 400);
        },
      },
    });
    renderApp('/reset-password', backend);
    await setPassword('New#Pass123', 'New#Pass123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your link may have expired. Please try again.',
    );
  });

  it('says so at once when the reset link came back with an error', async () => {
    const backend = fakeBackend({
      overrides: {
        completeAuthRedirect: async () => ({
          kind: 'error',
          message: 'Email link is invalid or has expired',
        }),
      },
    });
    renderApp('/reset-password', backend);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your link may have expired. Please try again.',
    );
  });
});
