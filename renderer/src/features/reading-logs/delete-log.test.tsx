import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SfError } from '../../platform/errors';
import { renderApp } from '../../testing/render-app';
import { SLOW, detailHeading, gilgamesh, logList, middlemarch, signedIn } from './testing/reading-logs-data';

vi.mock('./editorjs-engine', () => import('./testing/fake-journal-engine'));

afterEach(() => vi.restoreAllMocks());

describe('Deleting a log', { timeout: 20_000 }, () => {
  it('asks first, then removes the log and selects the first remaining one', async () => {
    let finish: (value: { ok: true }) => void = () => undefined;
    const backend = signedIn([middlemarch, gilgamesh], {
      'delete-reading-log': () => new Promise((resolve) => (finish = resolve)),
    });
    renderApp('/logs', backend);
    const user = userEvent.setup();
    await detailHeading('Middlemarch');

    await user.click(within(await logList()).getByRole('button', { name: 'Log actions: Middlemarch' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Log' });
    expect(dialog).toHaveTextContent('Delete this log? This may affect your reading stats.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.sf).not.toHaveBeenCalledWith('delete-reading-log', expect.anything());

    await user.click(within(await logList()).getByRole('button', { name: 'Log actions: Middlemarch' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Log' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(backend.sf).toHaveBeenCalledWith('delete-reading-log', { log_id: middlemarch.id });
    finish({ ok: true });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const items = within(await logList()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('The Epic of Gilgamesh');
    expect(await detailHeading('The Epic of Gilgamesh')).toBeInTheDocument();
  });

  it('keeps the log when the delete fails, silently', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fail = () => {
      throw new SfError({ status: 500, code: 'internal', error: 'down' });
    };
    renderApp('/logs', signedIn([middlemarch], { 'delete-reading-log': fail }));
    const user = userEvent.setup();
    await user.click(within(await logList()).getByRole('button', { name: 'Log actions: Middlemarch' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Log' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await logList()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('selects nothing once the last log is deleted', async () => {
    renderApp('/logs', signedIn([middlemarch]));
    const user = userEvent.setup();
    await user.click(within(await logList()).getByRole('button', { name: 'Log actions: Middlemarch' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Log' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('No logs yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('No log selected')).toBeInTheDocument();
  });
});
