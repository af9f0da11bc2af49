// A discovery page's list of books, a page at a time ("Show more"), with its loading, failure and empty
// states, shared by Trending and New Releases.
import { Alert, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state';
import { loadFailureMessage } from '../../lib/load-failure';
import { ShowMoreButton } from '../../components/show-more-button';

export interface BookGridProps<Page, Item> {
  pages: UseInfiniteQueryResult<InfiniteData<Page>, Error>;
  itemsOf(page: Page): Item[];
  render(item: Item): ReactNode;
  /** What the list is, for its label and its loading and failure messages ("Trending books"). */
  label: string;
  empty: { message: string; hint: string };
}

export function BookGrid<Page, Item>({ pages, itemsOf, render, label, empty }: BookGridProps<Page, Item>) {
  const loaded = pages.data?.pages ?? [];
  const items = loaded.flatMap(itemsOf);
  if (pages.isError && loaded.length === 0) {
    return (
      <Alert color="red">{loadFailureMessage(pages.error, `Could not load ${label.toLowerCase()}.`)}</Alert>
    );
  }
  if (loaded.length === 0) {
    return (
      <SimpleGrid
        cols={{ base: 1, sm: 2, md: 3 }}
        role="status"
        aria-label={`Loading ${label.toLowerCase()}`}
      >
        <Skeleton height={120} />
        <Skeleton height={120} />
        <Skeleton height={120} />
      </SimpleGrid>
    );
  }
  if (items.length === 0) return <EmptyState message={empty.message} hint={empty.hint} />;
  return (
    <Stack gap="md">
      <SimpleGrid
        component="ul"
        aria-label={label}
        cols={{ base: 1, sm: 2, md: 3 }}
        spacing="md"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {items.map(render)}
      </SimpleGrid>
      <ShowMoreButton pages={pages} />
    </Stack>
  );
}
