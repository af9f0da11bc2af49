// The one shelf-membership hook behind 'Your Lists' and 'Add to Shelves' (SPEC.md §2, §8).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sfQueryKey, useSfQuery } from '../../hooks/use-sf-query';
import { BackendProvider } from '../../platform/backend-context';
import { SfError } from '../../platform/errors';
import { fakeBackend } from '../../testing/fake-backend';
import type { SfAnswers } from '../../testing/fake-backend';
import { useShelfMembership } from './use-shelf-membership';

const EDITION = '00000000-0000-4000-8000-00000000e001';
const SHELF = '00000000-0000-4000-8000-00000000a001';

function Boxes() {
  const holding = useSfQuery('edition-shelves', { edition_id: EDITION });
  const membership = useShelfMembership({ editionId: EDITION, held: holding.data });
  if (!holding.data) return null;
  // Never disabled here, so a second click can come while the first is still being saved.
  return (
    <label>
      <input
        type="checkbox"
        checked={membership.isOn(SHELF)}
        onChange={(event) => membership.choose(SHELF, event.currentTarget.checked)}
      />
      Summer
      {membership.isSaving(SHELF) && <span>saving</span>}
    </label>
  );
}

function setup(answers: SfAnswers) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const backend = fakeBackend({ sf: answers });
  render(
    <QueryClientProvider client={queryClient}>
      <BackendProvider backend={backend}>
        <Boxes />
      </BackendProvider>
    </QueryClientProvider>,
  );
  return { queryClient, backend };
}

const cached = (queryClient: QueryClient) =>
  queryClient.getQueryData<string[]>(sfQueryKey('edition-shelves', { edition_id: EDITION }));

describe('useShelfMembership', () => {
  it('a fast second click is never undone by the first save answering after it', async () => {
    let holding: string[] = [];
    let finishAdd: () => void = () => undefined;
    const { backend } = setup({
      'edition-shelves': () => holding,
      // Stored when it arrives, answered late.
      'add-to-shelf': (p) => {
        holding = [...holding, p.shelf_id!];
        return new Promise((resolve) => (finishAdd = () => resolve({ shelf_id: p.shelf_id! })));
      },
      'remove-from-shelf': () => {
        holding = holding.filter((id) => id !== SHELF);
        return { ok: true };
      },
    });
    const box = await screen.findByRole('checkbox', { name: 'Summer' });
    fireEvent.click(box);
    expect(box).toBeChecked();
    fireEvent.click(box);
    expect(box).not.toBeChecked();
    await waitFor(() => expect(backend.sf).toHaveBeenCalledWith('remove-from-shelf', expect.anything()));
    // The tick's answer comes last; it must not bring the tick back.
    finishAdd();
    await waitFor(() => expect(screen.queryByText('saving')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(box).not.toBeChecked();
    expect(holding).toEqual([]);
  });

  it('a failed save keeps the tick, in the box and in the cache: silent, no rollback', async () => {
    const { queryClient, backend } = setup({
      'edition-shelves': () => [],
      'add-to-shelf': () => {
        throw new SfError({ status: 500, code: 'http_500', error: 'boom' });
      },
    });
    const box = await screen.findByRole('checkbox', { name: 'Summer' });
    fireEvent.click(box);
    // The optimistic update: the cached answer holds the choice at once, for every screen that reads it.
    expect(cached(queryClient)).toEqual([SHELF]);
    await waitFor(() => expect(screen.queryByText('saving')).not.toBeInTheDocument());
    expect(box).toBeChecked();
    expect(cached(queryClient)).toEqual([SHELF]);
    // Nothing was saved, so nothing is reread that would take the tick away.
    const reads = vi.mocked(backend.sf).mock.calls.filter(([name]) => name === 'edition-shelves');
    expect(reads).toHaveLength(1);
  });

  it('rereads the shelves once the last save is done', async () => {
    let holding: string[] = [];
    const { backend } = setup({
      'edition-shelves': () => holding,
      'add-to-shelf': (p) => {
        holding = [p.shelf_id!];
        return { shelf_id: p.shelf_id! };
      },
    });
    const box = await screen.findByRole('checkbox', { name: 'Summer' });
    fireEvent.click(box);
    await waitFor(() =>
      expect(vi.mocked(backend.sf).mock.calls.filter(([name]) => name === 'edition-shelves')).toHaveLength(2),
    );
    expect(backend.sf).toHaveBeenCalledWith('add-to-shelf', { shelf_id: SHELF, edition_id: EDITION });
    expect(box).toBeChecked();
  });
});
