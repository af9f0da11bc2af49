// /new-releases (issue 28): works by first publication date, newest first, from the last 12 months and the
// coming 3, in one genre or all; each card gives its date. Works without a known date are not listed.
import { Container, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResponseOf } from '@shared/api/endpoints';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { useBackend } from '../../platform/backend-context';
import { BookGrid } from './book-grid';
import { DiscoveryCard } from './discovery-card';
import { GenreFilter } from './genre-filter';
import { releaseLine } from './release-date';

export const NEW_RELEASES_TITLE = 'New Releases';
const PAGE = 24;

export function NewReleasesPage() {
  usePageTitle(NEW_RELEASES_TITLE);
  const backend = useBackend();
  const [genreId, setGenreId] = useState<number | null>(null);
  const request = { genre_id: genreId, limit: PAGE };
  const pages = useInfiniteQuery({
    queryKey: [...sfQueryKey('new-releases', request), 'pages'],
    queryFn: ({ pageParam }) =>
      backend.sf('new-releases', { ...request, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ResponseOf<'new-releases'>) => last.next_cursor ?? undefined,
  });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', xs: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{NEW_RELEASES_TITLE}</Title>
          <Text c="dimmed">Books first published in the last 12 months, and those coming in the next 3.</Text>
        </Stack>
        <GenreFilter value={genreId} onChange={setGenreId} />
        <BookGrid
          pages={pages}
          itemsOf={(page) => page.items}
          render={(item) => (
            <DiscoveryCard key={item.work_id} book={item} line={releaseLine(item.date, today)} />
          )}
          label="New releases"
          empty={{
            message: 'No new releases yet.',
            hint: 'Books first published in the last 12 months or the next 3 show here once the catalogue has them.',
          }}
        />
      </Stack>
    </Container>
  );
}
