import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TwoStep } from '../../platform/backend';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { SECOND_FACTOR_PROMPT } from './second-factor-form';

const FACTOR = 'f0000000-0000-4000-8000-000000000003';

describe('a restored session that still owes its second factor', () => {
  it('asks for the code before any page (a reload during the code step), and opens the page once given', async () => {
    let state: TwoStep = {
      currentLevel: 'aal1',
      nextLevel: 'aal2',
      factors: [{ id: FACTOR, verified: true }],
    };
    const backend = fakeBackend({
      session: sessionFor(),
      overrides: {
        twoStep: async () => state,
        verifyTotp: vi.fn(async () => {
          state = { ...state, currentLevel: 'aal2' };
          return { session: sessionFor(), recoveryCodes: null };
        }),
      },
    });
    renderApp('/settings', backend);
    // The first render in a file loads the route modules, which takes seconds on a busy machine.
    expect(await screen.findByText(SECOND_FACTOR_PROMPT, undefined, { timeout: 20_000 })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Two-step sign-in' })).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('region', { name: 'Two-step sign-in' })).toBeVisible();
    expect(backend.verifyTotp).toHaveBeenCalledWith(FACTOR, '123456');
  });

  it('signs out on Cancel', async () => {
    const backend = fakeBackend({
      session: sessionFor(),
      overrides: {
        twoStep: async () => ({
          currentLevel: 'aal1',
          nextLevel: 'aal2',
          factors: [{ id: FACTOR, verified: true }],
        }),
      },
    });
    renderApp('/', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(backend.signOut).toHaveBeenCalled());
  });

  it('lets a session that passed its second factor, or an account without one, straight through', async () => {
    const backend = fakeBackend({ session: sessionFor() });
    renderApp('/settings', backend);
    expect(await screen.findByRole('region', { name: 'Two-step sign-in' })).toBeVisible();
    expect(screen.queryByText(SECOND_FACTOR_PROMPT)).toBeNull();
  });
});
