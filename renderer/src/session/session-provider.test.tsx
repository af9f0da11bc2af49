import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthFailure, SfError } from '../platform/errors';
import { TEST_USER, fakeBackend, sessionFor } from '../testing/fake-backend';
import { renderApp } from '../testing/render-app';

const googleUser = {
  ...TEST_USER,
  metadata: { full_name: 'Grace Brewster Hopper', avatar_url: 'https://example.test/g.png' },
};

describe('session (SPEC.md §4)', () => {
  it('creates the missing profile of a Google user, then reloads after 0.5 s', async () => {
    const reload = vi.fn();
    const backend = fakeBackend({
      session: sessionFor(googleUser),
      sf: {
        'get-profile': () => {
          throw new SfError({ status: 404, code: 'not_found', error: 'Profile not found' });
        },
        'register-oauth-user': () => ({ ok: true, created: true, username: 'grace' }),
      },
    });
    renderApp('/', backend, { reload });
    await waitFor(() =>
      expect(backend.sf).toHaveBeenCalledWith('register-oauth-user', {
        user_id: TEST_USER.id,
        email: TEST_USER.email,
        first_name: 'Grace',
        last_name: 'Hopper',
        avatar_url: 'https://example.test/g.png',
      }),
    );
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });

  it('signs out a stored session whose user the server cannot produce', async () => {
    const backend = fakeBackend({
      session: sessionFor(),
      overrides: {
        getUser: async () => {
          throw new AuthFailure('User from sub claim in JWT does not exist', 'user_not_found', 403);
        },
      },
    });
    renderApp('/', backend);
    await waitFor(() => expect(backend.signOut).toHaveBeenCalled());
    expect(await screen.findByText('Manage your reading journey with precision')).toBeInTheDocument();
  });

  it('keeps the session when the server is merely unreachable', async () => {
    const backend = fakeBackend({
      session: sessionFor(),
      overrides: {
        getUser: async () => {
          throw new AuthFailure('Failed to fetch', null, 0);
        },
      },
    });
    renderApp('/', backend);
    expect(await screen.findByRole('heading', { name: 'Reading Dashboard' })).toBeInTheDocument();
    expect(backend.signOut).not.toHaveBeenCalled();
  });

  it('follows sign-in and sign-out events', async () => {
    const backend = fakeBackend();
    renderApp('/', backend);
    expect(await screen.findByText('Manage your reading journey with precision')).toBeInTheDocument();
    backend.emit('SIGNED_IN', sessionFor());
    expect(await screen.findByRole('heading', { name: 'Reading Dashboard' })).toBeInTheDocument();
    backend.emit('SIGNED_OUT', null);
    expect(await screen.findByText('Manage your reading journey with precision')).toBeInTheDocument();
  });

  it('finishes an auth redirect first and shows a failed one', async () => {
    const backend = fakeBackend({
      overrides: {
        completeAuthRedirect: async () => ({
          kind: 'error',
          message: 'Email link is invalid or has expired',
        }),
      },
    });
    renderApp('/', backend);
    expect(await screen.findByRole('alert')).toHaveTextContent('Email link is invalid or has expired');
  });
});
