// Starting an import on /import: choosing or dropping a file, the detected format and its override, the
// preview of the first rows, and what is sent to import-library.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IMPORT_RUNNING_MESSAGE, MAX_IMPORT_BYTES } from '@shared/api/imports';
import { UNKNOWN_FORMAT_MESSAGE } from '@shared/domain/library-import/read-file';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { GOODREADS_CSV, importServer, summary } from './testing/import-server';

function openPage(server = importServer()) {
  const backend = fakeBackend({ session: sessionFor(), sf: server.answers });
  const view = renderApp('/import', backend);
  return { backend, server, view };
}

const csvFile = (content = GOODREADS_CSV, name = 'goodreads_library_export.csv') =>
  new File([content], name, { type: 'text/csv' });

async function pickFile(file: File) {
  const user = userEvent.setup();
  await screen.findByRole('button', { name: 'Choose a file' });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, file);
  return user;
}

describe('Import and export: starting an import', () => {
  it('has its title, a file picker, the exports and the past imports', async () => {
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Import and export | Shelfwise'));
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeVisible();
    expect(document.querySelector('input[type="file"]')).toHaveAttribute(
      'accept',
      expect.stringContaining('.csv'),
    );
    expect(screen.getByRole('button', { name: 'Goodreads CSV' })).toBeVisible();
    expect(await screen.findByText('No imports yet.')).toBeVisible();
  });

  it('reads a picked Goodreads file, says so, and previews how each row will be read', async () => {
    openPage();
    await pickFile(csvFile());
    expect(await screen.findByText('Read as Goodreads: 2 books.')).toBeVisible();
    const format = screen.getByRole('combobox', { name: 'Format' });
    expect(format).toHaveValue('auto');
    expect(within(format).getByRole('option', { selected: true })).toHaveTextContent(
      'Detect from the file (Goodreads)',
    );
    const table = within(screen.getByRole('table'));
    const [first, second] = table.getAllByRole('row').slice(1);
    expect(within(first!).getByText('Persuasion')).toBeVisible();
    expect(within(first!).getByText('Read, classics')).toBeVisible();
    expect(within(first!).getByText('Finished Mar 2, 2024')).toBeVisible();
    expect(within(first!).getByText('4 of 5')).toBeVisible();
    expect(within(first!).getByText('ISBN-13 9780141439686')).toBeVisible();
    expect(within(second!).getByText('To Be Read')).toBeVisible();
    expect(within(second!).getByText('Unrated')).toBeVisible();
    expect(within(second!).getByText('No dates')).toBeVisible();
    expect(within(second!).getByText('Title and author')).toBeVisible();
  });

  it('lets the reader override the detected format, and refuses a file that does not fit it', async () => {
    openPage();
    const user = await pickFile(csvFile());
    await screen.findByText('Read as Goodreads: 2 books.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'The StoryGraph');
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot be imported');
    expect(screen.getByRole('button', { name: /^Import/ })).toBeDisabled();
  });

  it('sends the file as read, then shows the import it started', async () => {
    const { backend, server } = openPage();
    const user = await pickFile(csvFile());
    await user.click(await screen.findByRole('button', { name: 'Import 2 books' }));
    await waitFor(() =>
      expect(backend.sf).toHaveBeenCalledWith('import-library', {
        format: 'auto',
        file_name: 'goodreads_library_export.csv',
        content: GOODREADS_CSV,
      }),
    );
    expect(server.imports).toHaveLength(1);
    expect(await screen.findByText('Waiting to start…')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/import?import=${server.imports[0]!.import_id}`,
      ),
    );
    // The picker is back for the next file, but a second import waits for this one.
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeVisible();
  });

  it('says it is reading a file until its text is in', async () => {
    openPage();
    const file = csvFile();
    let finish: (text: string) => void = () => undefined;
    file.text = () => new Promise<string>((resolve) => (finish = resolve));
    await pickFile(file);
    expect(await screen.findByText('Reading goodreads_library_export.csv…')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeDisabled();
    finish(GOODREADS_CSV);
    expect(await screen.findByText('Read as Goodreads: 2 books.')).toBeVisible();
    expect(screen.queryByText('Reading goodreads_library_export.csv…')).not.toBeInTheDocument();
  });

  it('waits for a running import before starting another', async () => {
    openPage(importServer([summary({ state: 'running', total: 10, processed: 3 })]));
    await screen.findByRole('progressbar', { name: 'Import progress' });
    await pickFile(csvFile());
    expect(await screen.findByRole('button', { name: 'Import 2 books' })).toBeDisabled();
    expect(screen.getByText(IMPORT_RUNNING_MESSAGE)).toBeVisible();
  });

  it('takes a file dropped on the drop zone', async () => {
    openPage();
    const zone = await screen.findByRole('group', { name: 'Choose or drop a file' });
    const file = csvFile();
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files: [file] } });
    expect(zone).toHaveAttribute('data-dragging');
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [file] } });
    expect(await screen.findByText('Read as Goodreads: 2 books.')).toBeVisible();
  });

  it('refuses a file over 20 MB before reading it', async () => {
    openPage();
    const big = csvFile();
    Object.defineProperty(big, 'size', { value: MAX_IMPORT_BYTES + 1 });
    await pickFile(big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 20 MB.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when a file is not an export it knows', async () => {
    openPage();
    await pickFile(csvFile('Name,Colour\r\nAda,green', 'colours.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNKNOWN_FORMAT_MESSAGE);
    expect(screen.getByRole('button', { name: /^Import/ })).toBeDisabled();
  });
});
