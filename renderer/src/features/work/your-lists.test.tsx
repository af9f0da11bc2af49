import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SfError } from '../../platform/errors';
import { renderApp } from '../../testing/render-app';
import { E1, SHELF_CURRENT, SHELF_FAVOURITES, WORK_ID, newReader, workBackend } from './testing/work-data';

beforeAll(async () => {
  await import('../../routes/work');
});
const yourLists = async () => within(await screen.findByRole('region', { name: 'Your Lists' }));

describe('Your Lists', () => {
  it('ticks the shelves holding the edition; ticking adds and unticking removes', async () => {
    const reader = newReader();
    reader.holding[E1] = [SHELF_FAVOURITES];
    const backend = workBackend({ reader });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const lists = await yourLists();
    const favourites = await lists.findByRole('checkbox', { name: 'Favorites' });
    const current = lists.getByRole('checkbox', { name: 'Currently Reading' });
    expect(favourites).toBeChecked();
    expect(current).not.toBeChecked();

    await user.click(current);
    await waitFor(() => expect(current).toBeChecked());
    expect(backend.sf).toHaveBeenCalledWith('add-to-shelf', {
      shelf_id: SHELF_CURRENT,
      edition_id: E1,
      work_id: WORK_ID,
    });
    await waitFor(() => expect(favourites).toBeEnabled());
    await user.click(favourites);
    await waitFor(() => expect(favourites).not.toBeChecked());
    // With the work, so the server takes any edition of it off that shelf (the ticks are the work's).
    expect(backend.sf).toHaveBeenCalledWith('remove-from-shelf', {
      shelf_id: SHELF_FAVOURITES,
      edition_id: E1,
      work_id: WORK_ID,
    });
    await waitFor(() => expect(reader.holding[E1]).toEqual([SHELF_CURRENT]));
  });

  it('keeps the tick when the add fails (failures are silent)', async () => {
    const backend = workBackend({
      reader: newReader(),
      sf: {
        'add-to-shelf': () => {
          throw new SfError({ status: 500, code: 'http_500', error: 'boom' });
        },
      },
    });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const favourites = await (await yourLists()).findByRole('checkbox', { name: 'Favorites' });
    await user.click(favourites);
    await waitFor(() => expect(favourites).toBeEnabled());
    expect(favourites).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a tick made while an earlier change is still being saved', async () => {
    const reader = newReader();
    let finishFavourites: () => void = () => undefined;
    const backend = workBackend({
      reader,
      sf: {
        'add-to-shelf': async (p) => {
          const { shelf_id, edition_id } = p as { shelf_id: string; edition_id: string };
          // Favorites is slow to save; Currently Reading is saved (and the lists reread) meanwhile.
          if (shelf_id === SHELF_FAVOURITES)
            await new Promise<void>((resolve) => (finishFavourites = resolve));
          reader.holding[edition_id] = [...(reader.holding[edition_id] ?? []), shelf_id];
          return { shelf_id };
        },
      },
    });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const lists = await yourLists();
    const favourites = await lists.findByRole('checkbox', { name: 'Favorites' });
    const current = lists.getByRole('checkbox', { name: 'Currently Reading' });
    await user.click(favourites);
    await user.click(current);
    await waitFor(() => expect(current).toBeEnabled());
    expect(favourites).toBeChecked();
    finishFavourites();
    await waitFor(() => expect(favourites).toBeEnabled());
    expect(favourites).toBeChecked();
    expect(current).toBeChecked();
  });

  it('changes the box in the same render as the click, before the save answers', async () => {
    const reader = newReader();
    reader.holding[E1] = [SHELF_FAVOURITES];
    let finishRemove: () => void = () => undefined;
    const backend = workBackend({
      reader,
      sf: {
        'remove-from-shelf': async () => {
          await new Promise<void>((resolve) => (finishRemove = resolve));
          reader.holding[E1] = [];
          return { ok: true };
        },
      },
    });
    renderApp(`/work/${WORK_ID}`, backend);
    const favourites = await (await yourLists()).findByRole('checkbox', { name: 'Favorites' });
    expect(favourites).toBeChecked();
    // A synchronous click, as a browser delivers it: nothing may be awaited before the box changes.
    fireEvent.click(favourites);
    expect(favourites).not.toBeChecked();
    expect(favourites).toBeDisabled();
    // The save itself goes out once the mutation has started, a moment after the box changed.
    await waitFor(() => expect(backend.sf).toHaveBeenCalledWith('remove-from-shelf', expect.anything()));
    finishRemove();
    await waitFor(() => expect(favourites).toBeEnabled());
    expect(favourites).not.toBeChecked();
  });

  it('keeps a failed untick even after an earlier tick of that shelf was saved', async () => {
    const reader = newReader();
    let finishCurrent: () => void = () => undefined;
    const backend = workBackend({
      reader,
      sf: {
        'add-to-shelf': async (p) => {
          const { shelf_id, edition_id } = p as { shelf_id: string; edition_id: string };
          // Currently Reading is slow, so both Favorites changes settle while it is still on its way.
          if (shelf_id === SHELF_CURRENT) await new Promise<void>((resolve) => (finishCurrent = resolve));
          reader.holding[edition_id] = [...(reader.holding[edition_id] ?? []), shelf_id];
          return { shelf_id };
        },
        'remove-from-shelf': () => {
          throw new SfError({ status: 500, code: 'http_500', error: 'boom' });
        },
      },
    });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const lists = await yourLists();
    const favourites = await lists.findByRole('checkbox', { name: 'Favorites' });
    const current = lists.getByRole('checkbox', { name: 'Currently Reading' });
    await user.click(current);
    await user.click(favourites);
    await waitFor(() => expect(favourites).toBeEnabled());
    await user.click(favourites);
    await waitFor(() => expect(favourites).toBeEnabled());
    const rereads = () =>
      vi.mocked(backend.sf).mock.calls.filter(([name]) => name === 'edition-shelves').length;
    const readsBefore = rereads();
    finishCurrent();
    await waitFor(() => expect(rereads()).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(current).toBeEnabled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The lists were reread and the server still holds Favorites, yet the box keeps the reader's last choice.
    expect(reader.holding[E1]).toContain(SHELF_FAVOURITES);
    expect(favourites).not.toBeChecked();
    expect(current).toBeChecked();
  });
});
