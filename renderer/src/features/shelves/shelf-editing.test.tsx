import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Shelf } from '@shared/api/shelves';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { SHELF_IDS, TEST_SHELVES, makeItems } from './testing/shelf-data';
import { installIntersectionObserver, installRowBoxes } from './testing/shelf-browser';

beforeEach(() => {
  installIntersectionObserver();
});
afterEach(() => vi.unstubAllGlobals());

const rowTitles = () =>
  Array.from(document.querySelectorAll('tbody > tr')).map((row) => row.querySelector('a')?.textContent);

describe('Create Shelf (SPEC.md §2, §5)', () => {
  it('ignores an empty name, trims the name, then opens the new shelf', async () => {
    const newId = '77777777-7777-4777-8777-777777777777';
    let shelves: Shelf[] = TEST_SHELVES;
    const backend = fakeBackend({
      session: sessionFor(),
      sf: {
        'list-shelves': () => shelves,
        'get-shelf-items': () => [],
        'create-shelf': (payload) => {
          shelves = [
            ...shelves,
            { id: newId, name: (payload as { name: string }).name, description: null, slug: null },
          ];
          return { id: newId };
        },
      },
    });
    renderApp('/read', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create shelf' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Shelf' }));
    const name = dialog.getByRole('textbox', { name: 'Shelf name' });
    expect(name).toHaveAttribute('placeholder', 'Shelf name');

    await user.type(name, '   ');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(backend.sf).not.toHaveBeenCalledWith('create-shelf', expect.anything());
    expect(screen.getByRole('dialog', { name: 'Create Shelf' })).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, '  Beach Books  {Enter}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/shelf/${newId}`));
    expect(backend.sf).toHaveBeenCalledWith('create-shelf', { name: 'Beach Books' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Beach Books' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Shelves' }));
    expect(nav.getByRole('link', { name: 'Beach Books' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('dialog', { name: 'Create Shelf' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the name is taken", async () => {
    const backend = fakeBackend({
      session: sessionFor(),
      sf: {
        'list-shelves': () => TEST_SHELVES,
        'get-shelf-items': () => [],
        'create-shelf': async () => {
          const { SfError } = await import('../../platform/errors');
          throw new SfError({
            status: 409,
            code: 'shelf_name_taken',
            error: 'You already have a shelf with this name.',
          });
        },
      },
    });
    renderApp('/read', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create shelf' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Shelf' }));
    await user.type(dialog.getByRole('textbox', { name: 'Shelf name' }), 'Summer Reads{Enter}');
    expect(await dialog.findByText('You already have a shelf with this name.')).toBeInTheDocument();
  });
});

describe('reordering with the keyboard (SPEC.md §4)', () => {
  let restoreBoxes: () => void;
  beforeEach(() => {
    restoreBoxes = installRowBoxes();
  });
  afterEach(() => restoreBoxes());

  it('moves a row with Space, arrows and Space, sends its neighbours and keeps the new key', async () => {
    const items = makeItems(3, 'Saga');
    const backend = fakeBackend({
      session: sessionFor(),
      sf: {
        'list-shelves': () => TEST_SHELVES,
        'get-shelf-items': () => items,
        'reorder-shelf-item': () => ({ new_key: 'k0001V' }),
      },
    });
    renderApp('/read', backend);
    const user = userEvent.setup();
    const handle = await screen.findByRole('button', { name: 'Move Saga 1' });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(document.querySelector('tbody > tr:nth-child(2)')).toHaveAttribute('data-drop', 'below'),
    );
    await user.keyboard(' ');
    await waitFor(() => expect(rowTitles()).toEqual(['Saga 2', 'Saga 1', 'Saga 3']));
    await waitFor(() =>
      expect(backend.sf).toHaveBeenCalledWith('reorder-shelf-item', {
        shelf_id: SHELF_IDS.read,
        sort_key: 'k0000',
        above: 'k0001',
        below: 'k0002',
      }),
    );
    expect(document.querySelector('[data-drop]')).toBeNull();

    // Moved again, it is named by the key the server gave it.
    screen.getByRole('button', { name: 'Move Saga 1' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(rowTitles()).toEqual(['Saga 2', 'Saga 3', 'Saga 1']));
    await waitFor(() =>
      expect(backend.sf).toHaveBeenCalledWith('reorder-shelf-item', {
        shelf_id: SHELF_IDS.read,
        sort_key: 'k0001V',
        above: 'k0002',
        below: null,
      }),
    );
  });

  it('moves a row up one place per arrow press, to the top', async () => {
    const backend = fakeBackend({
      session: sessionFor(),
      sf: {
        'list-shelves': () => TEST_SHELVES,
        'get-shelf-items': () => makeItems(3, 'Epic'),
        'reorder-shelf-item': () => ({ new_key: 'k0000' }),
      },
    });
    renderApp('/read', backend);
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Move Epic 3' })).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await waitFor(() =>
      expect(document.querySelector('tbody > tr:nth-child(2)')).toHaveAttribute('data-drop', 'above'),
    );
    await user.keyboard('{ArrowUp}');
    await waitFor(() =>
      expect(document.querySelector('tbody > tr:nth-child(1)')).toHaveAttribute('data-drop', 'above'),
    );
    await user.keyboard(' ');
    await waitFor(() => expect(rowTitles()).toEqual(['Epic 3', 'Epic 1', 'Epic 2']));
    await waitFor(() =>
      expect(backend.sf).toHaveBeenCalledWith('reorder-shelf-item', {
        shelf_id: SHELF_IDS.read,
        sort_key: 'k0002',
        above: null,
        below: 'k0000',
      }),
    );
  });

  it('Escape cancels a move', async () => {
    const backend = fakeBackend({
      session: sessionFor(),
      sf: { 'list-shelves': () => TEST_SHELVES, 'get-shelf-items': () => makeItems(2, 'Myth') },
    });
    renderApp('/read', backend);
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Move Myth 1' })).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(rowTitles()).toEqual(['Myth 1', 'Myth 2']);
    expect(backend.sf).not.toHaveBeenCalledWith('reorder-shelf-item', expect.anything());
  });
});
