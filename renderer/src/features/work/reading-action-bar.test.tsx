import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatShortDate } from '../../lib/format-date';
import { SfError } from '../../platform/errors';
import { renderApp } from '../../testing/render-app';
import { E1, E2, WORK_ID, newReader, workBackend } from './testing/work-data';

beforeAll(async () => {
  await import('../../routes/work');
});
const actionBar = async () => within(await screen.findByRole('group', { name: 'Reading status' }));
/** The calls that only read; anything else the page sends is a write. */
const READS = new Set([
  'get-profile',
  'work-details',
  'work-editions',
  'edition-details',
  'work-genres',
  'work-reviews',
  'reading-events',
  'list-shelves',
  'edition-shelves',
  'review-insights',
  'currently-reading',
  'notification-count',
  'readers-also-enjoyed',
]);
const yourLists = async () => within(await screen.findByRole('region', { name: 'Your Lists' }));

describe('Work page action (SPEC.md §4)', () => {
  it("offers 'Start Reading' with no events; it logs start, the server shelves the edition, and shows 'Currently Reading'", async () => {
    const reader = newReader();
    const backend = workBackend({ reader });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    await user.click((await actionBar()).getByRole('button', { name: 'Start Reading' }));
    expect(await (await actionBar()).findByText('Currently Reading')).toBeInTheDocument();
    expect((await actionBar()).queryByRole('button')).not.toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('log-progress-event', {
      work_id: WORK_ID,
      edition_id: E1,
      event_type: 'start',
    });
    // Exactly one write: the server shelves a started book in the event's own transaction.
    const writes = vi.mocked(backend.sf).mock.calls.filter(([name]) => !READS.has(name));
    expect(writes.map(([name]) => name)).toEqual(['log-progress-event']);
    // The Currently Reading shelf now holds it, and Your Lists shows so.
    expect(await (await yourLists()).findByRole('checkbox', { name: 'Currently Reading' })).toBeChecked();
  });

  it("after a finish, says when it was read and offers 'Read Again', which logs a new start", async () => {
    const backend = workBackend({ reader: newReader([{ edition_id: E1, event_type: 'finish' }]) });
    renderApp(`/work/${WORK_ID}`, backend);
    const bar = await actionBar();
    expect(
      await bar.findByText(`Read on ${formatShortDate('2025-01-01T00:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(bar.queryByRole('button', { name: 'Start Reading' })).not.toBeInTheDocument();
    await userEvent.setup().click(bar.getByRole('button', { name: 'Read Again' }));
    expect(await (await actionBar()).findByText('Currently Reading')).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('log-progress-event', {
      work_id: WORK_ID,
      edition_id: E1,
      event_type: 'start',
    });
  });

  it("offers 'Start Reading' after a DNF: the book was not read", async () => {
    renderApp(
      `/work/${WORK_ID}`,
      workBackend({ reader: newReader([{ edition_id: E1, event_type: 'dnf' }]) }),
    );
    expect(await (await actionBar()).findByRole('button', { name: 'Start Reading' })).toBeInTheDocument();
    expect((await actionBar()).queryByText(/^Read on /)).not.toBeInTheDocument();
  });

  it("offers 'Resume Reading' when paused; it logs resume", async () => {
    const reader = newReader([
      { edition_id: E1, event_type: 'pause' },
      { edition_id: E1, event_type: 'start' },
    ]);
    const backend = workBackend({ reader });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    await user.click(await (await actionBar()).findByRole('button', { name: 'Resume Reading' }));
    expect(await (await actionBar()).findByText('Currently Reading')).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('log-progress-event', {
      work_id: WORK_ID,
      edition_id: E1,
      event_type: 'resume',
    });
    expect(backend.sf).not.toHaveBeenCalledWith('add-to-shelf', expect.anything());
  });

  it("shows a non-clickable 'Currently Reading' while reading", async () => {
    renderApp(
      `/work/${WORK_ID}`,
      workBackend({ reader: newReader([{ edition_id: E1, event_type: 'progress' }]) }),
    );
    const bar = await actionBar();
    expect(await bar.findByText('Currently Reading')).toBeInTheDocument();
    expect(bar.queryByRole('button')).not.toBeInTheDocument();
  });

  it("says 'Currently reading another edition' and hides Start when another edition is being read", async () => {
    renderApp(
      `/work/${WORK_ID}`,
      workBackend({ reader: newReader([{ edition_id: E2, event_type: 'start' }]) }),
    );
    const bar = await actionBar();
    expect(await bar.findByText('Currently reading another edition')).toBeInTheDocument();
    expect(bar.queryByRole('button', { name: 'Start Reading' })).not.toBeInTheDocument();
    expect(bar.getByRole('link', { name: 'Go to The Pillow Book 2' })).toHaveAttribute(
      'href',
      `/work/${WORK_ID}?edition=${E2}`,
    );
  });

  it('offers reading this edition once the other edition is finished, and says when the work was read', async () => {
    renderApp(
      `/work/${WORK_ID}`,
      workBackend({ reader: newReader([{ edition_id: E2, event_type: 'finish' }]) }),
    );
    expect(await (await actionBar()).findByRole('button', { name: 'Read Again' })).toBeInTheDocument();
    expect((await actionBar()).getByText(/^Read on /)).toBeInTheDocument();
  });

  it("shows the server's text when the event is refused, else 'Something went wrong'", async () => {
    let refusal = new SfError({ status: 409, code: 'invalid_transition', error: "Cannot log 'start'." });
    const backend = workBackend({
      reader: newReader(),
      sf: {
        'log-progress-event': () => {
          throw refusal;
        },
      },
    });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    await user.click(await (await actionBar()).findByRole('button', { name: 'Start Reading' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Cannot log 'start'.");
    refusal = new SfError({ status: 0, code: 'network_error', error: '' });
    await user.click((await actionBar()).getByRole('button', { name: 'Start Reading' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong'));
  });
});
