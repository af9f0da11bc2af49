// One import on /import: progress while it runs (polled), the desktop hooks, the report with its filter
// and work links, retrying failed rows, undo after a confirmation, and the list of past imports.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../platform/backend';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { importServer, summary, uuid } from './testing/import-server';

const finished = summary({
  state: 'done',
  total: 4,
  processed: 4,
  matched: 1,
  created: 1,
  skipped: 1,
  failed: 1,
});

function openPage(
  server: ReturnType<typeof importServer>,
  path = '/import',
  overrides: Partial<Backend> = {},
) {
  const backend = fakeBackend({ session: sessionFor(), sf: server.answers, overrides });
  renderApp(path, backend);
  return backend;
}

describe('Import and export: an import', () => {
  it('shows a running import with its progress, then its report when it ends, and tells the shell', async () => {
    const server = importServer([summary({ state: 'running', total: 4, processed: 2, matched: 2 })]);
    const setTaskbarProgress = vi.fn();
    const notify = vi.fn();
    openPage(server, '/import', { setTaskbarProgress, notify });

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    const panel = within(screen.getByRole('region', { name: 'goodreads_library_export.csv' }));
    expect(panel.getByText('2 of 4 rows')).toBeVisible();
    expect(panel.getByText('2 matched, 0 created, 0 skipped, 0 failed')).toBeVisible();
    // Screen readers hear it through a polite live region.
    expect(screen.getByText('Importing: 50% done.')).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(setTaskbarProgress).toHaveBeenLastCalledWith(0.5));
    // Until the page has seen rows go by, it does not guess; then it goes by the pace it saw.
    expect(panel.getByText('Working out the time left…')).toBeVisible();
    server.update(uuid(1), { processed: 3, matched: 3 });
    expect(await panel.findByText('A few seconds left')).toBeVisible();
    expect(panel.getByText('3 of 4 rows')).toBeVisible();
    await waitFor(() => expect(setTaskbarProgress).toHaveBeenLastCalledWith(0.75));

    server.update(uuid(1), { ...finished });
    // The next poll (once a second) sees it done.
    expect(
      await screen.findByText('Import finished: 4 rows, 1 matched, 1 created, 1 skipped, 1 failed.', {
        selector: 'p',
      }),
    ).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(setTaskbarProgress).toHaveBeenLastCalledWith(null);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith({
      kind: 'import-finished',
      title: 'Import finished',
      body: 'goodreads_library_export.csv: 1 matched, 1 created, 1 skipped, 1 failed.',
      path: `/import?import=${uuid(1)}`,
    });
    // Shown because it was running, it stays in view (in the address) now that it is not.
    expect(await screen.findByRole('list', { name: 'Imported rows' })).toBeVisible();
    expect(screen.getByTestId('location').textContent).toBe(`/import?import=${uuid(1)}`);
  });

  it('does not notify about an import that had already finished when the page opened', async () => {
    const notify = vi.fn();
    openPage(importServer([finished]), `/import?import=${uuid(1)}`, { notify });
    await screen.findByRole('list', { name: 'Imported rows' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('lists every row of the report, links its book, and filters by outcome', async () => {
    openPage(importServer([finished]), `/import?import=${uuid(1)}`);
    const report = await screen.findByRole('list', { name: 'Imported rows' });
    expect(within(report).getAllByRole('listitem')).toHaveLength(4);
    const links = within(report).getAllByRole('link', { name: 'Persuasion' });
    expect(links[0]).toHaveAttribute('href', `/work/${uuid(101)}`);
    expect(within(report).getByText('Duplicate of row 1')).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Failed (1)' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Imported rows' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    const only = screen.getByRole('list', { name: 'Imported rows' });
    expect(within(only).getByText('The row has no title')).toBeVisible();
    expect(within(only).queryByRole('link')).not.toBeInTheDocument();
  });

  it('retries the failed rows, and shows the import running again', async () => {
    const server = importServer([finished]);
    const backend = openPage(server, `/import?import=${uuid(1)}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry the failed row' }));
    expect(backend.sf).toHaveBeenCalledWith('retry-import-rows', { import_id: uuid(1) });
    expect(await screen.findByText('Waiting to start…')).toBeVisible();
  });

  it('undoes an import only after the reader confirms', async () => {
    const server = importServer([finished]);
    const backend = openPage(server, `/import?import=${uuid(1)}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.sf).not.toHaveBeenCalledWith('undo-import', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Undo import' }));
    const again = await screen.findByRole('dialog', { name: 'Undo this import?' });
    await user.click(within(again).getByRole('button', { name: 'Undo import' }));
    expect(backend.sf).toHaveBeenCalledWith('undo-import', { import_id: uuid(1) });
    expect(await screen.findByText(/everything this import added was removed/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Undo import' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('lists past imports newest first and opens the report of the one chosen', async () => {
    const older = summary({
      ...finished,
      import_id: uuid(2),
      file_name: 'storygraph.csv',
      format: 'storygraph',
      created_at: '2026-10-01T10:00:00.000Z',
    });
    openPage(importServer([older, finished]));
    const list = await screen.findByRole('list', { name: 'Past imports' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/\.csv$/).textContent)).toEqual([
      'goodreads_library_export.csv',
      'storygraph.csv',
    ]);
    expect(within(items[1]!).getByText('The StoryGraph · Oct 1, 2026 · 4 rows')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Imported rows' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(items[1]!).getByRole('button', { name: /^Show report: storygraph\.csv/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'storygraph.csv' })).toBeVisible();
    expect(screen.getByTestId('location').textContent).toBe(`/import?import=${uuid(2)}`);
  });
});
