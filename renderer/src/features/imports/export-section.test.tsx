// The three export buttons on /import: each asks export-library for its format and downloads the answer
// under the file name the server gave, with its content type.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SfError } from '../../platform/errors';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { importServer } from './testing/import-server';

afterEach(() => vi.restoreAllMocks());

describe('Import and export: exports', () => {
  it.each([
    ['Goodreads CSV', 'goodreads', 'shelfwise_goodreads.csv', 'text/csv; charset=utf-8'],
    ['StoryGraph CSV', 'storygraph', 'shelfwise_storygraph.csv', 'text/csv; charset=utf-8'],
    ['Shelfwise JSON', 'shelfwise', 'shelfwise_library.json', 'application/json; charset=utf-8'],
  ] as const)('%s downloads the file export-library answers', async (label, format, fileName, type) => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const backend = fakeBackend({
      session: sessionFor(),
      sf: {
        ...importServer().answers,
        'export-library': ({ format: asked }) => ({
          file_name: fileName,
          content_type: type,
          content: `the ${asked} file`,
        }),
      },
    });
    renderApp('/import', backend);

    await userEvent.setup().click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(backend.sf).toHaveBeenCalledWith('export-library', { format });
    expect(clicked[0]!.download).toBe(fileName);
    expect(clicked[0]!.href).toBe('blob:export');
    expect(blobs[0]!.type).toBe(type);
    expect(await blobs[0]!.text()).toBe(`the ${format} file`);
  });

  it('says why an export failed', async () => {
    const backend = fakeBackend({
      session: sessionFor(),
      sf: {
        ...importServer().answers,
        'export-library': () => {
          throw new SfError({ status: 503, code: 'unavailable', error: 'The database is unavailable.' });
        },
      },
    });
    renderApp('/import', backend);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Shelfwise JSON' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is unavailable.');
  });
});
