import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TwoStep } from '../../platform/backend';
import { AuthFailure } from '../../platform/errors';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { TWO_STEP_DISABLED_MESSAGE, TWO_STEP_ENABLED_MESSAGE } from './two-step-section';

const FACTOR = 'f0000000-0000-4000-8000-000000000001';

/** A backend whose two-step state follows what the screen does to it. */
function backendWithTwoStep(initial: TwoStep) {
  let state = initial;
  const backend = fakeBackend({
    session: sessionFor(),
    overrides: {
      twoStep: async () => state,
      verifyTotp: vi.fn(async (_id: string, code: string) => {
        if (code !== '123456')
          throw new AuthFailure('Invalid TOTP code entered', 'mfa_verification_failed', 422);
        state = { currentLevel: 'aal2', nextLevel: 'aal2', factors: [{ id: FACTOR, verified: true }] };
        return sessionFor();
      }),
      unenrollFactor: vi.fn(async () => {
        state = { currentLevel: 'aal1', nextLevel: 'aal1', factors: [] };
      }),
    },
  });
  return backend;
}

describe('Settings: Two-step sign-in', () => {
  it('shows the QR code and key, refuses a wrong first code, and turns on with the right one', async () => {
    const backend = backendWithTwoStep({ currentLevel: 'aal1', nextLevel: 'aal1', factors: [] });
    renderApp('/settings', backend);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(
      await within(section).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    expect(within(section).getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeVisible();
    await user.type(within(section).getByLabelText(/Code from the app/), '000000');
    await user.click(within(section).getByRole('button', { name: 'Confirm' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
    await user.clear(within(section).getByLabelText(/Code from the app/));
    await user.type(within(section).getByLabelText(/Code from the app/), '123456');
    await user.click(within(section).getByRole('button', { name: 'Confirm' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(TWO_STEP_ENABLED_MESSAGE);
    expect(await within(section).findByRole('button', { name: 'Turn off two-step sign-in' })).toBeVisible();
  });

  it('turns off only with a current code', async () => {
    const backend = backendWithTwoStep({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
      factors: [{ id: FACTOR, verified: true }],
    });
    renderApp('/settings', backend);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.type(await within(section).findByLabelText(/Current code/), '000000');
    await user.click(within(section).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
    expect(backend.unenrollFactor).not.toHaveBeenCalled();
    await user.clear(within(section).getByLabelText(/Current code/));
    await user.type(within(section).getByLabelText(/Current code/), '123456');
    await user.click(within(section).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(TWO_STEP_DISABLED_MESSAGE);
    expect(backend.unenrollFactor).toHaveBeenCalledWith(FACTOR);
    expect(await within(section).findByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
  });
});
