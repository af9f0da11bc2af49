import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SfError } from '../../platform/errors';
import { renderApp } from '../../testing/render-app';
import {
  AUTOSAVE_WAIT,
  SLOW,
  gilgamesh,
  logList,
  middlemarch,
  saveStatus,
  signedIn,
} from './testing/reading-logs-data';

vi.mock('./editorjs-engine', () => import('./testing/fake-journal-engine'));

afterEach(() => vi.restoreAllMocks());

// Autosave waits 2 s after the last change, so these take longer than the default test timeout.
describe('Reading log detail', { timeout: 20_000 }, () => {
  it('autosaves the inputs 2 s after the last change, not before, and shows Saving... then Saved', async () => {
    const backend = signedIn([middlemarch, gilgamesh]);
    renderApp('/logs', backend);
    const start = await screen.findByRole('textbox', { name: 'Start page' }, SLOW);
    await screen.findByRole('textbox', { name: 'Journal text' }, SLOW);
    const updates = () => vi.mocked(backend.sf).mock.calls.filter(([name]) => name === 'update-reading-log');
    // Only the timers: React's scheduler runs on setImmediate, which must stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // fireEvent, not userEvent: Testing Library waits on a real setTimeout after each userEvent step.
      fireEvent.change(start, { target: { value: '1' } });
      expect(saveStatus()).toHaveTextContent('Saving...');
      // Another change within the 2 s starts the wait again.
      await act(() => vi.advanceTimersByTimeAsync(1500));
      fireEvent.change(start, { target: { value: '12' } });
      await act(() => vi.advanceTimersByTimeAsync(1999));
      expect(updates()).toEqual([]);
      expect(saveStatus()).toHaveTextContent('Saving...');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(updates()).toHaveLength(1);
      // Lets the query cache's notifications (scheduled on setTimeout) reach the screen.
      await act(() => vi.advanceTimersByTimeAsync(100));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('Saved', {}, AUTOSAVE_WAIT)).toBeInTheDocument();
    expect(updates()).toEqual([
      [
        'update-reading-log',
        { id: middlemarch.id, journal_md: '<p>Chapter one</p>', start_page: 12, end_page: 30 },
      ],
    ]);
    // The list's local copy follows.
    const list = await logList();
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Pages 12-30'));
  });

  it('autosaves the journal as HTML paragraphs', async () => {
    const backend = signedIn([middlemarch]);
    renderApp('/logs', backend);
    const user = userEvent.setup();
    expect(await screen.findByText('Initializing editor...', {}, SLOW)).toBeInTheDocument();
    const journal = await screen.findByRole('textbox', { name: 'Journal text' }, SLOW);
    expect(journal).toHaveValue('Chapter one');
    await waitFor(() => expect(screen.queryByText('Initializing editor...')).not.toBeInTheDocument());
    await user.type(journal, '{End}{Enter}Dorothea & Casaubon{Enter}');
    expect(await screen.findByText('Saved', {}, AUTOSAVE_WAIT)).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('update-reading-log', {
      id: middlemarch.id,
      journal_md: '<p>Chapter one</p><p>Dorothea &amp; Casaubon</p>',
      start_page: 10,
      end_page: 30,
    });
  });

  it("shows 'Ready' again after a failed autosave and only logs it", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fail = () => {
      throw new SfError({ status: 500, code: 'internal', error: 'down' });
    };
    renderApp('/logs', signedIn([gilgamesh], { 'update-reading-log': fail }));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'End percent' }, SLOW), '40.5');
    expect(saveStatus()).toHaveTextContent('Saving...');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('Ready'), AUTOSAVE_WAIT);
    expect(error).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not save the value it loaded', async () => {
    const backend = signedIn([middlemarch]);
    renderApp('/logs', backend);
    await screen.findByRole('textbox', { name: 'Journal text' }, SLOW);
    await act(() => new Promise((resolve) => setTimeout(resolve, 2300)));
    expect(backend.sf).not.toHaveBeenCalledWith('update-reading-log', expect.anything());
    expect(saveStatus()).toHaveTextContent('Ready');
  });
});
