import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TwoStep } from '../../platform/backend';
import { AuthFailure } from '../../platform/errors';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { RECOVERY_CODES_HEADING } from './recovery-codes-list';
import { TWO_STEP_DISABLED_MESSAGE, TWO_STEP_ENABLED_MESSAGE } from './two-step-section';

const FACTOR = 'f0000000-0000-4000-8000-000000000001';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const RECOVERY_CODE = 'k7m2q-9xz4r';

/** A backend whose two-step state follows what the screen does to it. */
function backendWithTwoStep(initial: TwoStep) {
  let state = initial;
  let unused = initial.factors.some((f) => f.verified) ? 10 : 0;
  const backend = fakeBackend({
    session: sessionFor(),
    sf: {
      'recovery-codes-status': async () => ({ unused }),
      'regenerate-recovery-codes': async ({ code }) => {
        if (code !== '123456') throw new AuthFailure('That code is not right.', 'invalid_input', 400);
        unused = 10;
        return { codes: CODES.map((c) => c.toUpperCase()) };
      },
    },
    overrides: {
      twoStep: async () => state,
      verifyTotp: vi.fn(async (_id: string, code: string) => {
        if (code !== '123456' && code !== RECOVERY_CODE)
          throw new AuthFailure('Invalid TOTP code entered', 'mfa_verification_failed', 422);
        const first = !state.factors.some((f) => f.verified);
        state = { currentLevel: 'aal2', nextLevel: 'aal2', factors: [{ id: FACTOR, verified: true }] };
        if (first) unused = 10;
        return { session: sessionFor(), recoveryCodes: first ? CODES : null };
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
    // The ten recovery codes, once, with copy and download, until the reader says they are saved.
    const shown = within(section).getByRole('region', { name: RECOVERY_CODES_HEADING });
    const items = within(within(shown).getByRole('list', { name: 'Recovery codes' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual(CODES);
    expect(within(shown).getByRole('button', { name: 'Copy codes' })).toBeVisible();
    expect(within(shown).getByRole('link', { name: 'Download codes' })).toHaveAttribute(
      'download',
      'shelfwise-recovery-codes.txt',
    );
    expect(await within(section).findByText('10 of 10 recovery codes unused.')).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'I have saved my codes' }));
    expect(within(section).queryByRole('region', { name: RECOVERY_CODES_HEADING })).toBeNull();
    expect(within(section).queryByText(CODES[0]!)).toBeNull();
  });

  it('gives new recovery codes only for a current code', async () => {
    const backend = backendWithTwoStep({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
      factors: [{ id: FACTOR, verified: true }],
    });
    renderApp('/settings', backend);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    const field = await within(section).findByLabelText(/Current code for new recovery codes/);
    await user.type(field, '000000');
    await user.click(within(section).getByRole('button', { name: 'Get new recovery codes' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(within(section).queryByRole('region', { name: RECOVERY_CODES_HEADING })).toBeNull();
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(within(section).getByRole('button', { name: 'Get new recovery codes' }));
    const shown = await within(section).findByRole('region', { name: RECOVERY_CODES_HEADING });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    expect(backend.sf).toHaveBeenCalledWith('regenerate-recovery-codes', {
      factor_id: FACTOR,
      code: '123456',
    });
  });

  it('turns off with a recovery code when the app is lost', async () => {
    const backend = backendWithTwoStep({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
      factors: [{ id: FACTOR, verified: true }],
    });
    renderApp('/settings', backend);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.type(await within(section).findByLabelText(/Current code or recovery code/), RECOVERY_CODE);
    await user.click(within(section).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(TWO_STEP_DISABLED_MESSAGE);
    expect(backend.verifyTotp).toHaveBeenCalledWith(FACTOR, RECOVERY_CODE);
    expect(backend.unenrollFactor).toHaveBeenCalledWith(FACTOR);
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
    await user.type(await within(section).findByLabelText(/Current code or recovery code/), '000000');
    await user.click(within(section).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
    expect(backend.unenrollFactor).not.toHaveBeenCalled();
    await user.clear(within(section).getByLabelText(/Current code or recovery code/));
    await user.type(within(section).getByLabelText(/Current code or recovery code/), '123456');
    await user.click(within(section).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(TWO_STEP_DISABLED_MESSAGE);
    expect(backend.unenrollFactor).toHaveBeenCalledWith(FACTOR);
    expect(await within(section).findByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
  });
});
