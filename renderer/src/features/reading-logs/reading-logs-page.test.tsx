import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SfError } from '../../platform/errors';
import { fixedMediaQuery } from '../../testing/media-query';
import { renderApp } from '../../testing/render-app';
import type { Answers } from './testing/reading-logs-data';
import {
  SLOW,
  detailHeading,
  gilgamesh,
  logList,
  middlemarch,
  saveStatus,
  signedIn,
  untitled,
} from './testing/reading-logs-data';

vi.mock('./editorjs-engine', () => import('./testing/fake-journal-engine'));

afterEach(() => vi.restoreAllMocks());

describe('Reading Logs list', { timeout: 20_000 }, () => {
  it('shows 5 skeletons while loading', async () => {
    renderApp('/logs', signedIn([], { 'list-reading-logs': () => new Promise(() => undefined) }));
    // The first test also waits for the page's code to load.
    expect(await screen.findByRole('status', { name: 'Loading logs' }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByTestId('log-skeleton')).toHaveLength(5);
    await waitFor(() => expect(document.title).toBe('Reading Logs | Shelfwise'));
  });

  it('lists each log with its title, location summary and date, and selects the first', async () => {
    renderApp('/logs', signedIn([middlemarch, gilgamesh, untitled]));
    const items = within(await logList()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Middlemarch');
    expect(items[0]).toHaveTextContent('Pages 10-30');
    // What each log records, so logs at the same place do not read alike.
    expect(within(items[0]!).getByText('Progress')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Mar 4, 2025');
    expect(items[1]).toHaveTextContent('The Epic of Gilgamesh');
    expect(items[1]).toHaveTextContent('5%-?');
    expect(items[2]).toHaveTextContent('Unknown Edition');
    expect(items[2]).toHaveTextContent('No location');

    expect(await detailHeading('Middlemarch')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Start page' })).toHaveValue('10');
    expect(screen.getByRole('textbox', { name: 'End page' })).toHaveValue('30');
    expect(screen.getByPlaceholderText('Start')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('End')).toBeInTheDocument();
    expect(screen.getByText('to')).toBeInTheDocument();
    expect(screen.getByText('pages')).toBeInTheDocument();
    expect(saveStatus()).toHaveTextContent('Ready');
    expect(screen.queryByText('No log selected')).not.toBeInTheDocument();
  });

  it("says 'No logs yet.' and 'No log selected' when there are none", async () => {
    renderApp('/logs', signedIn([]));
    expect(await screen.findByText('No logs yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('No log selected')).toBeInTheDocument();
    expect(screen.getByText('Choose a log from the sidebar to view and edit it')).toBeInTheDocument();
  });

  it("says 'Unable to load logs.' when the list cannot be loaded", async () => {
    const fail = () => {
      throw new SfError({ status: 400, code: 'invalid_input', error: 'bad' });
    };
    renderApp('/logs', signedIn([], { 'list-reading-logs': fail }));
    expect(await screen.findByText('Unable to load logs.', {}, SLOW)).toBeInTheDocument();
  });

  it('selecting a log loads its percent values and title', async () => {
    renderApp('/logs', signedIn([middlemarch, gilgamesh, untitled]));
    const user = userEvent.setup();
    await user.click(within(await logList()).getByRole('button', { name: /^The Epic of Gilgamesh/ }));
    expect(await detailHeading('The Epic of Gilgamesh')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Start percent' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'End percent' })).toHaveValue('');
    expect(screen.getByText('%')).toBeInTheDocument();
    await user.click(within(await logList()).getByRole('button', { name: /^Unknown Edition/ }));
    expect(await detailHeading('Unknown Edition')).toBeInTheDocument();
  });

  it('loads the next page by cursor', async () => {
    const cursor = '2025-03-01T12:00:00.000000Z|00000000-0000-4000-8000-000000000009';
    const pages: Answers = {
      'list-reading-logs': (payload) =>
        (payload as { after?: string }).after === cursor
          ? { logs: [untitled], next_cursor: null }
          : { logs: [middlemarch, gilgamesh], next_cursor: cursor },
    };
    const backend = signedIn([], pages);
    renderApp('/logs', backend);
    const user = userEvent.setup();
    expect(within(await logList()).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more logs' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Reading logs' })).getAllByRole('listitem'),
      ).toHaveLength(3),
    );
    expect(backend.sf).toHaveBeenCalledWith('list-reading-logs', { limit: 20, after: cursor });
    expect(screen.queryByRole('button', { name: 'Load more logs' })).not.toBeInTheDocument();
  });
});

describe('Reading Logs below 640 px', { timeout: 20_000 }, () => {
  it('shows the list, then the selected log with a back arrow', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      fixedMediaQuery(query, query.includes('max-width')),
    );
    renderApp('/logs', signedIn([middlemarch, gilgamesh]));
    const user = userEvent.setup();
    await user.click(within(await logList()).getByRole('button', { name: /^The Epic of Gilgamesh/ }));
    expect(await detailHeading('The Epic of Gilgamesh')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Reading logs' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to logs' }));
    expect(await logList()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });
});
