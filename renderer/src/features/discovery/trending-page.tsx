// /trending (issue 28): works ranked by recent public activity, as the trending job last stored them, for
// this week or this month and one genre or all; each card says what is trending about the book.
import { Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResponseOf } from '@shared/api/endpoints';
import type { TrendingItem } from '@shared/api/discovery';
import { trendLine } from '@shared/domain/trending';
import type { TrendingPeriod } from '@shared/domain/trending';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { useBackend } from '../../platform/backend-context';
import { BookGrid } from './book-grid';
import { DiscoveryCard } from './discovery-card';
import { GenreFilter } from './genre-filter';

export const TRENDING_TITLE = 'Trending';
const PERIODS: { value: TrendingPeriod; label: string }[] = [
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
];

export function useTrending(period: TrendingPeriod, genreId: number | null, limit: number) {
  const backend = useBackend();
  const request = { period, genre_id: genreId, limit };
  return useInfiniteQuery({
    queryKey: [...sfQueryKey('trending-works', request), 'pages'],
    queryFn: ({ pageParam }) =>
      backend.sf('trending-works', { ...request, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last: ResponseOf<'trending-works'>) => last.next_cursor ?? undefined,
  });
}

export function TrendingCard({ item, period }: { item: TrendingItem; period: TrendingPeriod }) {
  return <DiscoveryCard book={item} line={trendLine(item.readers, period)} />;
}

export function TrendingPage() {
  usePageTitle(TRENDING_TITLE);
  const [period, setPeriod] = useState<TrendingPeriod>('week');
  const [genreId, setGenreId] = useState<number | null>(null);
  const pages = useTrending(period, genreId, 24);
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', xs: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{TRENDING_TITLE}</Title>
          <Text c="dimmed">What readers are starting, finishing, reviewing and shelving lately.</Text>
        </Stack>
        <Group align="flex-end" gap="md">
          <SegmentedControl
            aria-label="Period"
            value={period}
            onChange={(value) => setPeriod(value as TrendingPeriod)}
            data={PERIODS}
          />
          <GenreFilter value={genreId} onChange={setGenreId} />
        </Group>
        <BookGrid
          pages={pages}
          itemsOf={(page) => page.items}
          render={(item) => <TrendingCard key={item.work_id} item={item} period={period} />}
          label="Trending books"
          empty={{
            message: 'Nothing is trending yet.',
            hint: 'When readers start, finish, review or shelve books in public, the most active show here.',
          }}
        />
      </Stack>
    </Container>
  );
}
