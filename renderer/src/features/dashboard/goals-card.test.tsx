import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReadingGoal } from '@shared/api/goals';
import { SfError } from '../../platform/errors';
import type { SfAnswers } from '../../testing/fake-backend';
import { dashboardBackend, openDashboard } from './testing/dashboard-data';

// 1 July 2025 (midday UTC, the same date in every zone within 12 hours): 182 of 365 days have begun.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-07-01T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const goal = (goal_type: ReadingGoal['goal_type'], target_qty: number, progress: number): ReadingGoal => ({
  goal_year: 2025,
  goal_type,
  target_qty,
  progress,
});

async function openGoals(goals: ReadingGoal[], sf?: SfAnswers) {
  const backend = dashboardBackend({ goals, sf });
  await openDashboard(backend);
  const card = within(await screen.findByRole('region', { name: '2025 Goals' }));
  return { backend, card, user: userEvent.setup() };
}

const goalDialog = (name: 'Add Reading Goal' | 'Edit Reading Goal') => screen.findByRole('dialog', { name });

describe('2025 Goals', () => {
  it('invites a first goal and saves it for the current year', async () => {
    const { backend, card, user } = await openGoals([]);
    expect(await card.findByText('No goals set for 2025')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Add goal' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Set Goal' }));
    const dialog = within(await goalDialog('Add Reading Goal'));
    expect(dialog.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'books',
      'pages',
      'hours',
    ]);
    expect(dialog.getByRole('radio', { name: 'Books' })).toBeChecked();
    await user.type(dialog.getByLabelText('Target'), '12');
    await user.click(dialog.getByRole('button', { name: 'Save Goal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.sf).toHaveBeenCalledWith('set-reading-goal', {
      goal_year: 2025,
      goal_type: 'books',
      target_qty: 12,
    });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: '2025 Goals' })).toHaveTextContent('0 / 12 books'),
    );
  });

  it('shows one goal without tabs: figures, percent, pace, and a plus while types remain', async () => {
    const { card } = await openGoals([goal('books', 24, 9)]);
    expect(await card.findByText('3 behind')).toBeInTheDocument();
    expect(card.queryByRole('tablist')).not.toBeInTheDocument();
    expect(card.getByText('38% complete')).toBeInTheDocument();
    expect(card.getByRole('progressbar', { name: 'Books goal progress' })).toHaveAttribute(
      'aria-valuenow',
      '38',
    );
    expect(card.getByRole('button', { name: 'Add goal' })).toBeInTheDocument();
  });

  it('caps the bar at 100% and says how far ahead the reader is', async () => {
    const { card } = await openGoals([goal('pages', 6000, 9000)]);
    expect(await card.findByText('100% complete')).toBeInTheDocument();
    expect(card.getByRole('progressbar', { name: 'Pages goal progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    // 9000 - 6000 × 182/365 ≈ 6008.
    expect(card.getByText('6008 ahead')).toBeInTheDocument();
  });

  it('shows a tab per goal type when there is more than one goal, and adds only unused types', async () => {
    const { card, user } = await openGoals([goal('books', 24, 9), goal('pages', 8000, 2650)]);
    const tabs = await card.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Books', 'Pages']);
    expect(card.getByRole('tab', { name: 'Books' })).toHaveAttribute('aria-selected', 'true');
    await user.click(card.getByRole('tab', { name: 'Pages' }));
    expect(card.getByRole('tabpanel')).toHaveTextContent('2,650 / 8,000 pages');
    await user.click(card.getByRole('button', { name: 'Add goal' }));
    const dialog = within(await goalDialog('Add Reading Goal'));
    expect(dialog.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['hours']);
  });

  it('offers no plus once every goal type is set', async () => {
    const { card } = await openGoals([
      goal('books', 24, 9),
      goal('pages', 8000, 2650),
      goal('hours', 200, 66.3),
    ]);
    expect(await card.findAllByRole('tab')).toHaveLength(3);
    expect(card.queryByRole('button', { name: 'Add goal' })).not.toBeInTheDocument();
  });

  it('edits a goal’s target', async () => {
    const { backend, card, user } = await openGoals([goal('books', 24, 9)]);
    await user.click(await card.findByRole('button', { name: 'Edit books goal' }));
    const dialog = within(await goalDialog('Edit Reading Goal'));
    expect(dialog.queryByRole('radio')).not.toBeInTheDocument();
    const target = dialog.getByLabelText('Target');
    expect(target).toHaveValue('24');
    await user.clear(target);
    await user.type(target, '30');
    await user.click(dialog.getByRole('button', { name: 'Save Goal' }));
    await waitFor(() =>
      expect(backend.sf).toHaveBeenCalledWith('set-reading-goal', {
        goal_year: 2025,
        goal_type: 'books',
        target_qty: 30,
      }),
    );
    await waitFor(() => expect(card.getByText('30% complete')).toBeInTheDocument());
  });

  it.each([
    ['empty', ''],
    ['zero', '0'],
  ])('closes without saving when the quantity is %s', async (_, typed) => {
    const { backend, card, user } = await openGoals([goal('books', 24, 9)]);
    await user.click(await card.findByRole('button', { name: 'Edit books goal' }));
    const dialog = within(await goalDialog('Edit Reading Goal'));
    await user.clear(dialog.getByLabelText('Target'));
    if (typed) await user.type(dialog.getByLabelText('Target'), typed);
    await user.click(dialog.getByRole('button', { name: 'Save Goal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.sf).not.toHaveBeenCalledWith('set-reading-goal', expect.anything());
    expect(card.getByText('38% complete')).toBeInTheDocument();
  });

  it('only logs a failed save and closes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { card, user } = await openGoals([], {
      'set-reading-goal': () => {
        throw new SfError({ status: 500, code: 'internal', error: 'boom' });
      },
    });
    await user.click(await card.findByRole('button', { name: 'Set Goal' }));
    const dialog = within(await goalDialog('Add Reading Goal'));
    await user.type(dialog.getByLabelText('Target'), '5');
    await user.click(dialog.getByRole('button', { name: 'Save Goal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(warn).toHaveBeenCalledWith('Saving the reading goal failed', expect.any(SfError));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
