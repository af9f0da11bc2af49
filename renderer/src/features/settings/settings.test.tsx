import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SfError } from '../../platform/errors';
import { TEST_PROFILE, fakeBackend, sessionFor } from '../../testing/fake-backend';
import type { SfAnswers } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

function signedIn(sf: SfAnswers = {}) {
  let profile = { ...TEST_PROFILE };
  let policy: 'anyone' | 'approve' = 'anyone';
  let requests = [{ reader: ASKER, requested_at: '2025-03-04T10:00:00.000Z' }];
  let kinds = {
    follower: true,
    follow_request: true,
    request_approved: true,
    like: true,
    comment: true,
    reply: true,
  };
  let blocked = [ASKER];
  return fakeBackend({
    session: sessionFor(),
    sf: {
      'social-settings': () => ({ follow_policy: policy }),
      'update-social-settings': (body) => {
        policy = (body as { follow_policy: typeof policy }).follow_policy;
        return { follow_policy: policy };
      },
      'follow-requests': () => ({ requests, next_cursor: null }),
      'answer-follow-request': (body) => {
        requests = requests.filter((r) => r.reader.id !== (body as { user_id: string }).user_id);
        return { ok: true };
      },
      'notification-settings': () => ({ kinds }),
      'update-notification-settings': (body) => {
        kinds = (body as { kinds: typeof kinds }).kinds;
        return { kinds };
      },
      'blocked-readers': () => ({ readers: blocked, next_cursor: null }),
      'muted-readers': () => ({ readers: [], next_cursor: null }),
      'unblock-reader': (body) => {
        blocked = blocked.filter((r) => r.id !== (body as { user_id: string }).user_id);
        return { ok: true };
      },
      'get-profile': () => profile,
      'update-profile': (patch) => {
        profile = { ...profile, ...(patch as object) };
        return profile;
      },
      ...sf,
    },
  });
}

const section = (name: string) => screen.findByRole('region', { name });

const ASKER = {
  id: '00000000-0000-4000-8000-000000000042',
  username: 'asker',
  first_name: 'Ada',
  last_name: null,
  avatar_url: null,
};

describe('Settings: Personal Information', () => {
  it('shows each field with an Edit button', async () => {
    renderApp('/settings', signedIn());
    const info = within(await section('Personal Information'));
    for (const value of ['Ada', 'Lovelace', 'ada', 'ada@example.test'])
      expect(info.getByText(value)).toBeInTheDocument();
    expect(info.getAllByRole('button', { name: /^Edit / })).toHaveLength(4);
    await waitFor(() => expect(document.title).toBe('Settings | Shelfwise'));
  });

  it('edits one field at a time and saves it through update-profile', async () => {
    const backend = signedIn();
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit first name' }));
    expect(screen.getByRole('button', { name: 'Edit last name' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit username' })).toBeDisabled();
    const input = screen.getByLabelText('First name');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, 'Augusta ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Augusta')).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('update-profile', { first_name: 'Augusta' });
    expect(screen.getByRole('button', { name: 'Edit first name' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Edit last name' })).toBeEnabled();
  });

  it('Cancel (or Escape) leaves the value as it was', async () => {
    const backend = signedIn();
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit last name' }));
    await user.type(screen.getByLabelText('Last name'), 'xyz');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Lovelace')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit last name' }));
    await user.type(screen.getByLabelText('Last name'), 'xyz{Escape}');
    expect(screen.getByText('Lovelace')).toBeInTheDocument();
    expect(backend.sf).not.toHaveBeenCalledWith('update-profile', expect.anything());
  });

  it("says 'Username taken' when the server answers 409", async () => {
    const backend = signedIn({
      'update-profile': () => {
        throw new SfError({ status: 409, code: 'username_taken', error: 'Username taken' });
      },
    });
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit username' }));
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'babbage{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Username taken');
    expect(screen.getByLabelText('Username')).toHaveValue('babbage');
  });

  it('shows other errors with their message', async () => {
    const backend = signedIn({
      'update-profile': () => {
        throw new SfError({ status: 400, code: 'invalid_input', error: 'First name is required.' });
      },
    });
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit first name' }));
    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('First name is required.');
  });

  it('changes the e-mail address through updateUser and says a confirmation mail is on its way', async () => {
    const backend = signedIn();
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit email' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@new.example{Enter}');
    expect(
      await screen.findByText('Check your new email address for a link to confirm the change.'),
    ).toBeInTheDocument();
    expect(backend.updateUser).toHaveBeenCalledWith({ email: 'ada@new.example' });
  });
});

describe('Settings: Profile Picture', () => {
  it('previews the chosen image, uploads it and stores its URL on the profile', async () => {
    const backend = signedIn();
    renderApp('/settings', backend);
    const user = userEvent.setup();
    const picture = within(await section('Profile Picture'));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    await user.upload(input, file);
    expect(picture.getByText('Preview of me.png')).toBeInTheDocument();
    expect(picture.getByRole('img')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await user.click(picture.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(backend.uploadAvatar).toHaveBeenCalledWith(file));
    await waitFor(() =>
      expect(backend.sf).toHaveBeenCalledWith('update-profile', {
        avatar_url: expect.stringMatching(
          /^http:\/\/localhost\/storage\/v1\/object\/public\/avatars\/public\/x\.png\?t=\d+$/,
        ),
      }),
    );
    await waitFor(() => expect(picture.queryByText('Preview of me.png')).not.toBeInTheDocument());
  });

  it('shows the upload error message', async () => {
    const backend = signedIn();
    backend.uploadAvatar = vi.fn(async () => {
      throw new Error('The file is larger than 2 MB.');
    });
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await section('Profile Picture');
    await user.upload(
      document.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['x'], 'big.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 2 MB.');
  });
});

describe('Settings: Security', () => {
  it('Reset Password mails a reset link to the signed-in address', async () => {
    const backend = signedIn();
    renderApp('/settings', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Check your email for a link to reset your password.'),
    ).toBeInTheDocument();
    expect(backend.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.test');
  });
});

describe('Settings: Danger Zone', () => {
  it('asks first, deletes, acknowledges, then signs out and goes to /', async () => {
    const backend = signedIn({ 'delete-user': () => ({ ok: true }) });
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Account' });
    expect(backend.sf).not.toHaveBeenCalledWith('delete-user', expect.anything());
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const done = await screen.findByRole('dialog', { name: 'Account Deleted' });
    expect(backend.sf).toHaveBeenCalledWith('delete-user', {});
    expect(backend.signOut).not.toHaveBeenCalled();
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(backend.signOut).toHaveBeenCalled();
  });

  it('Cancel and Escape close the confirm dialog without deleting', async () => {
    const backend = signedIn({ 'delete-user': () => ({ ok: true }) });
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.sf).not.toHaveBeenCalledWith('delete-user', expect.anything());
  });

  it("shows 'Delete failed' with the server text", async () => {
    const backend = signedIn({
      'delete-user': () => {
        throw new SfError({ status: 500, code: 'internal_error', error: 'Database unavailable' });
      },
    });
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Delete failed');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(backend.signOut).not.toHaveBeenCalled();
  });
});

describe('Settings: Followers', () => {
  it('switches who may follow between anyone and readers I approve, and answers a request', async () => {
    const backend = signedIn();
    renderApp('/settings', backend);
    const followers = within(await section('Followers'));
    const anyone = await followers.findByRole('radio', { name: 'Anyone' });
    await waitFor(() => expect(anyone).toBeChecked());
    await userEvent.click(followers.getByRole('radio', { name: 'Readers I approve' }));
    await waitFor(() => expect(followers.getByRole('radio', { name: 'Readers I approve' })).toBeChecked());
    expect(backend.sf).toHaveBeenCalledWith('update-social-settings', { follow_policy: 'approve' });

    const requests = within(await followers.findByRole('region', { name: 'Follow requests' }));
    await userEvent.click(requests.getByRole('button', { name: 'Approve asker' }));
    expect(backend.sf).toHaveBeenCalledWith('answer-follow-request', { user_id: ASKER.id, approve: true });
    await waitFor(() =>
      expect(followers.queryByRole('region', { name: 'Follow requests' })).not.toBeInTheDocument(),
    );
  });
});

describe('Settings: Notifications', () => {
  it('turns a kind of notification off and keeps the others', async () => {
    const backend = signedIn();
    renderApp('/settings', backend);
    const card = within(await section('Notifications'));
    const likes = await card.findByRole('switch', { name: 'Likes of your reviews and updates' });
    await waitFor(() => expect(likes).toBeChecked());
    await userEvent.click(likes);
    expect(backend.sf).toHaveBeenCalledWith('update-notification-settings', {
      kinds: {
        follower: true,
        follow_request: true,
        request_approved: true,
        like: false,
        comment: true,
        reply: true,
      },
    });
    await waitFor(() =>
      expect(card.getByRole('switch', { name: 'Likes of your reviews and updates' })).not.toBeChecked(),
    );
    expect(card.getByRole('switch', { name: 'New followers' })).toBeChecked();
  });
});

describe('Settings: Blocked and muted', () => {
  it('lists the blocked readers and unblocks one', async () => {
    const backend = signedIn();
    renderApp('/settings', backend);
    const card = within(await section('Blocked and muted'));
    const blockedList = within(await card.findByRole('region', { name: 'Blocked readers' }));
    await userEvent.click(await blockedList.findByRole('button', { name: /^Unblock / }));
    expect(backend.sf).toHaveBeenCalledWith('unblock-reader', { user_id: ASKER.id });
    expect(await blockedList.findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(
      within(card.getByRole('region', { name: 'Muted readers' })).getByText('You have not muted anyone.'),
    ).toBeInTheDocument();
  });
});
