// Long reports and long histories come a page at a time: the report by row number (import-status's
// after_row), past imports by date (list-imports' before).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportRow } from '@shared/api/imports';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { importServer, summary, uuid } from './testing/import-server';

describe('Import and export: paging', () => {
  it('shows a long report a hundred rows at a time', async () => {
    const rows: ImportRow[] = Array.from({ length: 150 }, (_, i) => ({
      row: i + 1,
      title: `Book ${i + 1}`,
      author: 'Ann Author',
      outcome: 'matched',
      reason: 'ISBN-13 in the catalogue',
      work_id: uuid(1000 + i),
    }));
    const done = summary({ total: 150, processed: 150, matched: 150 });
    const backend = fakeBackend({ session: sessionFor(), sf: importServer([done], rows).answers });
    renderApp(`/import?import=${uuid(1)}`, backend);

    const report = await screen.findByRole('list', { name: 'Imported rows' });
    expect(within(report).getAllByRole('listitem')).toHaveLength(100);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more rows (100 of 150)' }));
    expect(await within(report).findByRole('link', { name: 'Book 150' })).toBeVisible();
    expect(within(report).getAllByRole('listitem')).toHaveLength(150);
    expect(backend.sf).toHaveBeenCalledWith('import-status', {
      import_id: uuid(1),
      after_row: 100,
      limit: 100,
    });
    expect(screen.queryByRole('button', { name: /Show more rows/ })).not.toBeInTheDocument();
  });

  it('lists twenty past imports, then the older ones on request', async () => {
    const imports = Array.from({ length: 25 }, (_, i) =>
      summary({
        import_id: uuid(i + 1),
        file_name: `export-${String(i + 1).padStart(2, '0')}.csv`,
        created_at: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
      }),
    );
    renderApp('/import', fakeBackend({ session: sessionFor(), sf: importServer(imports).answers }));

    const list = await screen.findByRole('list', { name: 'Past imports' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('export-25.csv');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older imports' }));
    expect(await within(list).findByText('export-01.csv')).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
  });
});
