import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

async function openTemplate() {
  const backend = fakeBackend();
  renderApp('/hometemplate', backend);
  await screen.findByRole('heading', { name: 'Reading Dashboard' }, { timeout: 10_000 });
  return { backend, user: userEvent.setup() };
}

/** Pressing the button shows its spinner, and the action ends about a second later. */
async function spinsForAboutASecond(
  user: ReturnType<typeof userEvent.setup>,
  button: HTMLElement,
  done: () => void,
) {
  const started = Date.now();
  await user.click(button);
  await waitFor(() => expect(button).toHaveAttribute('data-loading'));
  await waitFor(done, { timeout: 3000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
}

describe('/hometemplate', () => {
  it('shows the dashboard with sample data to anyone, without asking the server', async () => {
    const { backend } = await openTemplate();
    expect(screen.getByText('Track your progress and achieve your reading goals')).toBeInTheDocument();
    const reading = within(screen.getByRole('region', { name: 'Currently Reading' }));
    expect(reading.getAllByRole('article')).toHaveLength(3);
    expect(reading.getByRole('link', { name: 'Dune' })).toHaveAttribute('href', '/worktemplate');
    expect(reading.getByRole('button', { name: 'Resume Reading' })).toBeInTheDocument();
    const year = new Date().getFullYear();
    expect(screen.getByRole('region', { name: `${year} Goals` })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Reading Streak' })).getByText('Keep the momentum going!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Friends Activity' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recommended for You' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home | Shelfwise'));
    expect(backend.sf).not.toHaveBeenCalled();
  });

  it('update, pause, resume and goal-save only spin for about a second and close; no call is made', async () => {
    const { backend, user } = await openTemplate();
    const reading = within(screen.getByRole('region', { name: 'Currently Reading' }));

    await user.click(
      within(reading.getByRole('article', { name: 'The Name of the Wind' })).getByRole('button', {
        name: 'Update Progress',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Reading Progress' }));
    await user.type(dialog.getByLabelText('End page'), '300');
    const save = dialog.getByRole('button', { name: 'Save Progress' });
    await spinsForAboutASecond(user, save, () =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );

    const pause = reading.getByRole('button', { name: 'Pause reading Dune' });
    await spinsForAboutASecond(user, pause, () => expect(pause).not.toHaveAttribute('data-loading'));

    const resume = reading.getByRole('button', { name: 'Resume Reading' });
    await spinsForAboutASecond(user, resume, () => expect(resume).not.toHaveAttribute('data-loading'));

    const goals = within(screen.getByRole('region', { name: /Goals$/ }));
    await user.click(goals.getByRole('button', { name: 'Edit books goal' }));
    const goalDialog = within(await screen.findByRole('dialog', { name: 'Edit Reading Goal' }));
    const saveGoal = goalDialog.getByRole('button', { name: 'Save Goal' });
    await spinsForAboutASecond(user, saveGoal, () =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );

    expect(backend.sf).not.toHaveBeenCalled();
  });
});
