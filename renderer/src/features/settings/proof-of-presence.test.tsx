// Settings asks for the current password only when the server says a change needs proof of presence
// (reauthentication_needed), then retries with it; a wrong password keeps the dialog open with the
// server's message, and Cancel changes nothing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  CURRENT_PASSWORD_MISMATCH,
  CURRENT_PASSWORD_MISMATCH_MESSAGE,
  REAUTHENTICATION_NEEDED,
  REAUTHENTICATION_NEEDED_MESSAGE,
} from '@shared/api/presence';
import type { UserChanges } from '../../platform/backend';
import { AuthFailure, SfError } from '../../platform/errors';
import { TEST_PROFILE, TEST_USER, fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import type { SfAnswers } from '../../testing/fake-backend';
import type { RequestOf } from '@shared/api/endpoints';

const PASSWORD = 'Str0ng!pass';
const needed = () => new AuthFailure(REAUTHENTICATION_NEEDED_MESSAGE, REAUTHENTICATION_NEEDED, 400);
const mismatch = () => new AuthFailure(CURRENT_PASSWORD_MISMATCH_MESSAGE, CURRENT_PASSWORD_MISMATCH, 400);

/** updateUser as the server answers it for a sign-in older than the window. */
function staleSessionBackend(deleteUser?: SfAnswers['delete-user']) {
  const backend = fakeBackend({
    session: sessionFor(),
    sf: {
      'get-profile': () => TEST_PROFILE,
      ...(deleteUser ? { 'delete-user': deleteUser } : {}),
    },
  });
  backend.updateUser = vi.fn(async (changes: UserChanges) => {
    if (changes.current_password === undefined) throw needed();
    if (changes.current_password !== PASSWORD) throw mismatch();
    return { ...TEST_USER, pendingEmail: changes.email ?? null };
  });
  return backend;
}

async function changeEmail(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit email' }));
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), 'ada@new.example{Enter}');
}

describe('Settings: proof of presence', () => {
  it('does not ask for the password when the server does not need it', async () => {
    const backend = fakeBackend({ session: sessionFor(), sf: { 'get-profile': () => TEST_PROFILE } });
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await changeEmail(user);
    expect(await screen.findByText(/Check your new email address/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.updateUser).toHaveBeenCalledTimes(1);
  });

  it('asks for the current password in a dialog when the server needs it, then retries the e-mail change', async () => {
    const backend = staleSessionBackend();
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await changeEmail(user);

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const input = within(dialog).getByLabelText('Current password');
    await waitFor(() => expect(input).toHaveFocus());
    expect(dialog).toHaveTextContent('sign out and sign in again');
    await user.type(input, 'Wrong!pass1{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CURRENT_PASSWORD_MISMATCH_MESSAGE);
    await user.clear(input);
    await user.type(input, PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(/Check your new email address/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.updateUser).toHaveBeenLastCalledWith({
      email: 'ada@new.example',
      current_password: PASSWORD,
    });
  });

  it('Cancel leaves the e-mail as it was, still being edited', async () => {
    const backend = staleSessionBackend();
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await changeEmail(user);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Email')).toHaveValue('ada@new.example');
    expect(screen.queryByText(/Check your new email address/)).not.toBeInTheDocument();
    expect(backend.updateUser).toHaveBeenCalledTimes(1);
  });

  it('deletes the account once the password confirms it is the owner', async () => {
    const deleteUser = vi.fn((payload: RequestOf<'delete-user'>) => {
      const given = payload.current_password;
      if (given === undefined) {
        throw new SfError({
          status: 403,
          code: REAUTHENTICATION_NEEDED,
          error: REAUTHENTICATION_NEEDED_MESSAGE,
        });
      }
      if (given !== PASSWORD) {
        throw new SfError({
          status: 403,
          code: CURRENT_PASSWORD_MISMATCH,
          error: CURRENT_PASSWORD_MISMATCH_MESSAGE,
        });
      }
      return { ok: true as const };
    });
    const backend = staleSessionBackend(deleteUser);
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Account' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(screen.queryByRole('dialog', { name: 'Delete Account' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Current password'), 'Wrong!pass1{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CURRENT_PASSWORD_MISMATCH_MESSAGE);
    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), `${PASSWORD}{Enter}`);

    expect(await screen.findByRole('dialog', { name: 'Account Deleted' })).toBeInTheDocument();
    expect(deleteUser.mock.calls.map(([payload]) => payload)).toEqual([
      {},
      { current_password: 'Wrong!pass1' },
      { current_password: PASSWORD },
    ]);
  });

  it('cancelling the password dialog deletes nothing', async () => {
    const deleteUser = vi.fn(() => {
      throw new SfError({
        status: 403,
        code: REAUTHENTICATION_NEEDED,
        error: REAUTHENTICATION_NEEDED_MESSAGE,
      });
    });
    const backend = staleSessionBackend(deleteUser);
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Account' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteUser).toHaveBeenCalledTimes(1);
    expect(backend.signOut).not.toHaveBeenCalled();
  });
});
