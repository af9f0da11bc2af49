import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentlyReadingItem } from '@shared/api/reading';
import { SfError } from '../../platform/errors';
import { theme } from '../../theme';
import { ProgressDialog } from './progress-dialog';
import type { SfAnswers } from '../../testing/fake-backend';
import { dashboardBackend, openDashboard, readingItem } from './testing/dashboard-data';

async function openDialog(item: CurrentlyReadingItem, sf?: SfAnswers) {
  const backend = dashboardBackend({ items: [item], sf });
  await openDashboard(backend);
  const user = userEvent.setup();
  await user.click(
    within(await screen.findByRole('article', { name: item.edition.title })).getByRole('button', {
      name: 'Update Progress',
    }),
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Update Reading Progress' }));
  return { backend, user, dialog };
}

const save = (dialog: ReturnType<typeof within>) => dialog.getByRole('button', { name: 'Save Progress' });

async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.clear(input);
  if (value !== '') await user.type(input, value);
}

describe('Update Reading Progress: defaults', () => {
  it('starts a just-started book on page 1, in page mode, public, with finish and DNF offered', async () => {
    const item = readingItem({
      title: 'Emma',
      event_type: 'start',
      current_page: 1,
      current_percent: 0,
      percent: 0,
    });
    const { dialog } = await openDialog(item);
    expect(dialog.getByRole('radio', { name: 'Pages' })).toBeChecked();
    expect(dialog.getByLabelText('Start page')).toHaveValue('1');
    expect(dialog.getByLabelText('End page')).toHaveValue('');
    expect(dialog.getByRole('checkbox', { name: 'Mark as finished' })).not.toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Mark as DNF' })).not.toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Make this update private' })).not.toBeChecked();
    expect(dialog.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });

  it('uses percent mode when only a percentage is known', async () => {
    const item = readingItem({ title: 'Dune', current_page: null, current_percent: 40, percent: 40 });
    const { dialog } = await openDialog(item);
    expect(dialog.getByRole('radio', { name: 'Percentage' })).toBeChecked();
    expect(dialog.getByLabelText('Start percentage')).toHaveValue('40');
    expect(dialog.queryByLabelText('Start page')).not.toBeInTheDocument();
  });

  it('closes on Escape without logging anything', async () => {
    const { backend, user } = await openDialog(readingItem({ title: 'Emma' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.sf).not.toHaveBeenCalledWith('log-progress-event', expect.anything());
  });
});

describe('Update Reading Progress: validation', () => {
  it('shows every page and percentage message and sends nothing', async () => {
    const { backend, user, dialog } = await openDialog(
      readingItem({ title: 'Emma', pages: 300, current_page: 20 }),
    );
    const start = () => dialog.getByLabelText('Start page');
    const end = () => dialog.getByLabelText('End page');
    const cases: [() => HTMLElement, string, () => HTMLElement, string, string][] = [
      [start, '0', end, '5', 'Start page must be between 1 and 300'],
      [start, '301', end, '', 'Start page must be between 1 and 300'],
      [start, '', end, '0', 'End page must be at least 1'],
      [start, '40', end, '39', 'End page must be greater than or equal to start page'],
    ];
    for (const [first, a, second, b, message] of cases) {
      await fill(user, first(), a);
      await fill(user, second(), b);
      await user.click(save(dialog));
      expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    }
    await user.click(dialog.getByRole('radio', { name: 'Percentage' }));
    const startPercent = () => dialog.getByLabelText('Start percentage');
    const endPercent = () => dialog.getByLabelText('End percentage');
    for (const [a, b, message] of [
      ['101', '', 'Start percentage must be between 0 and 100'],
      ['10', '101', 'End percentage must be between 0 and 100'],
      ['50', '49', 'End percentage must be greater than or equal to start percentage'],
    ]) {
      await fill(user, startPercent(), a as string);
      await fill(user, endPercent(), b as string);
      await user.click(save(dialog));
      expect(await dialog.findByRole('alert')).toHaveTextContent(message as string);
    }
    expect(backend.sf).not.toHaveBeenCalledWith('log-progress-event', expect.anything());
  });

  it('bounds the inputs: pages from 1 to the page count, percentages 0 to 100', async () => {
    const { user, dialog } = await openDialog(readingItem({ title: 'Emma', pages: 300 }));
    expect(dialog.getByText('This edition has 300 pages.')).toBeInTheDocument();
    // Arrow keys step within the bounds.
    await fill(user, dialog.getByLabelText('End page'), '300');
    await user.keyboard('{ArrowUp}');
    expect(dialog.getByLabelText('End page')).toHaveValue('300');
    await user.click(dialog.getByRole('radio', { name: 'Percentage' }));
    await fill(user, dialog.getByLabelText('Start percentage'), '0');
    await user.keyboard('{ArrowDown}');
    expect(dialog.getByLabelText('Start percentage')).toHaveValue('0');
  });

  it('shows the server’s error field, else Something went wrong', async () => {
    let refusal: Error = new SfError({
      status: 400,
      code: 'invalid_input',
      error: 'End page must be at most 300',
    });
    const { user, dialog } = await openDialog(readingItem({ title: 'Emma' }), {
      'log-progress-event': () => {
        throw refusal;
      },
    });
    await fill(user, dialog.getByLabelText('End page'), '60');
    await user.click(save(dialog));
    expect(await dialog.findByRole('alert')).toHaveTextContent('End page must be at most 300');
    refusal = new TypeError('Failed to fetch');
    await user.click(save(dialog));
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('Something went wrong'));
    expect(screen.getByRole('dialog', { name: 'Update Reading Progress' })).toBeInTheDocument();
  });
});

describe('Update Reading Progress: what it sends', () => {
  it('logs progress by page, updates the card in place and closes', async () => {
    const item = readingItem({ title: 'Emma', pages: 300, current_page: 20 });
    const { backend, user, dialog } = await openDialog(item);
    await fill(user, dialog.getByLabelText('End page'), '150');
    await user.click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.sf).toHaveBeenCalledWith('log-progress-event', {
      work_id: item.work.id,
      edition_id: item.edition.id,
      event_type: 'progress',
      start_page: 20,
      end_page: 150,
      start_percent: null,
      end_percent: null,
      journal_md: null,
      is_public: true,
    });
    expect(within(screen.getByRole('article', { name: 'Emma' })).getByText('50%')).toBeInTheDocument();
    // Updated in place: the list is not asked for again.
    expect(vi.mocked(backend.sf).mock.calls.filter(([name]) => name === 'currently-reading')).toHaveLength(1);
  });

  it('logs progress by percent', async () => {
    const item = readingItem({
      title: 'Dune',
      pages: null,
      current_page: null,
      current_percent: 10,
      percent: 10,
    });
    const { backend, user, dialog } = await openDialog(item);
    await fill(user, dialog.getByLabelText('End percentage'), '72.5');
    await user.click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.sf).toHaveBeenCalledWith(
      'log-progress-event',
      expect.objectContaining({
        event_type: 'progress',
        start_percent: 10,
        end_percent: 72.5,
        start_page: null,
      }),
    );
    expect(within(screen.getByRole('article', { name: 'Dune' })).getByText('73%')).toBeInTheDocument();
  });

  it('finishes at the page count when the end is empty, and the card leaves', async () => {
    const item = readingItem({ title: 'Emma', pages: 300, current_page: 250 });
    const { backend, user, dialog } = await openDialog(item);
    await user.click(dialog.getByRole('checkbox', { name: 'Mark as finished' }));
    await user.click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Emma' })).not.toBeInTheDocument());
    expect(backend.sf).toHaveBeenCalledWith(
      'log-progress-event',
      expect.objectContaining({ event_type: 'finish', start_page: 250, end_page: 300 }),
    );
    expect(screen.getByText('No books in progress')).toBeInTheDocument();
  });

  it('offers the review dialog for a finished book; Skip closes it and saves nothing', async () => {
    const item = readingItem({ title: 'Emma', pages: 300, current_page: 250 });
    const { backend, user, dialog } = await openDialog(item, { 'work-reviews': () => ({ reviews: [] }) });
    await user.click(dialog.getByRole('checkbox', { name: 'Mark as finished' }));
    await user.click(save(dialog));
    const offer = within(await screen.findByRole('dialog', { name: 'You finished Emma' }));
    await user.click(offer.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(vi.mocked(backend.sf).mock.calls.map(([name]) => name)).not.toContain('submit-review');
  });

  it('opens Write Review for the finished book from the offer', async () => {
    const item = readingItem({ title: 'Emma', pages: 300, current_page: 250 });
    const { user, dialog } = await openDialog(item, { 'work-reviews': () => ({ reviews: [] }) });
    await user.click(dialog.getByRole('checkbox', { name: 'Mark as finished' }));
    await user.click(save(dialog));
    const offer = within(await screen.findByRole('dialog', { name: 'You finished Emma' }));
    await user.click(offer.getByRole('button', { name: 'Write Review' }));
    expect(await screen.findByRole('dialog', { name: 'Write Review' })).toBeInTheDocument();
  });

  it('does not offer a review after a plain progress update', async () => {
    const item = readingItem({ title: 'Emma', pages: 300, current_page: 250 });
    const { user, dialog } = await openDialog(item);
    await fill(user, dialog.getByLabelText('End page'), '260');
    await user.click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: /You finished/ })).not.toBeInTheDocument();
  });

  it('finishes a percent-based book at 100%', async () => {
    const item = readingItem({ title: 'Dune', current_page: null, current_percent: 90, percent: 90 });
    const { backend, user, dialog } = await openDialog(item);
    await user.click(dialog.getByRole('checkbox', { name: 'Mark as finished' }));
    await user.click(save(dialog));
    await waitFor(() =>
      expect(backend.sf).toHaveBeenCalledWith(
        'log-progress-event',
        expect.objectContaining({ event_type: 'finish', start_percent: 90, end_percent: 100 }),
      ),
    );
  });

  it('lets DNF win over finish and skip the range checks', async () => {
    const item = readingItem({ title: 'Emma', pages: 300, current_page: 20 });
    const { backend, user, dialog } = await openDialog(item);
    await fill(user, dialog.getByLabelText('Start page'), '400');
    await fill(user, dialog.getByLabelText('End page'), '10');
    await user.click(dialog.getByRole('checkbox', { name: 'Mark as finished' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Mark as DNF' }));
    await user.click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Emma' })).not.toBeInTheDocument());
    expect(backend.sf).toHaveBeenCalledWith(
      'log-progress-event',
      expect.objectContaining({ event_type: 'dnf', start_page: 400, end_page: 10 }),
    );
  });

  it('sends a private update with its note', async () => {
    const item = readingItem({ title: 'Emma', current_page: 20 });
    const { backend, user, dialog } = await openDialog(item);
    await fill(user, dialog.getByLabelText('End page'), '30');
    await user.type(dialog.getByLabelText(/Note/), 'Slow chapter');
    await user.click(dialog.getByRole('checkbox', { name: 'Make this update private' }));
    await user.click(save(dialog));
    await waitFor(() =>
      expect(backend.sf).toHaveBeenCalledWith(
        'log-progress-event',
        expect.objectContaining({ journal_md: '<p>Slow chapter</p>', is_public: false }),
      ),
    );
  });
});

describe('Update Reading Progress for a paused book', () => {
  it('offers only Resume: no location, no finish or DNF', async () => {
    const item = readingItem({ title: 'Circe', event_type: 'pause', current_page: 80 });
    const onSubmit = vi.fn(async () => undefined);
    const onClose = vi.fn();
    render(
      <MantineProvider theme={theme} env="test">
        <ProgressDialog item={item} onClose={onClose} onSubmit={onSubmit} />
      </MantineProvider>,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Reading Progress' }));
    expect(dialog.queryByLabelText('Start page')).not.toBeInTheDocument();
    expect(dialog.queryByRole('checkbox', { name: 'Mark as finished' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('checkbox', { name: 'Mark as DNF' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Save Progress' })).not.toBeInTheDocument();
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      item,
      expect.objectContaining({ event_type: 'resume', start_page: null }),
    );
  });
});
