// This week's trending works on the landing page (issue 28), so a visitor sees what Shelfwise is before
// signing up: the first few of /trending, whose full page is for readers who are signed in.
import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useSfQuery } from '../../hooks/use-sf-query';
import { TrendingCard } from '../discovery/trending-page';

export const LANDING_TRENDING_TITLE = 'Trending this week';
const SHOWN = 6;

export function LandingTrending() {
  const titleId = useId();
  const trending = useSfQuery('trending-works', { period: 'week', limit: SHOWN });
  let body;
  if (trending.isError) {
    body = <Text c="dimmed">Trending books could not be loaded just now.</Text>;
  } else if (!trending.data) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="status" aria-label="Loading trending books">
        <Skeleton height={120} />
        <Skeleton height={120} />
        <Skeleton height={120} />
      </SimpleGrid>
    );
  } else if (trending.data.items.length === 0) {
    body = <Text c="dimmed">Nothing is trending yet: the books readers are busy with will show here.</Text>;
  } else {
    body = (
      <SimpleGrid
        component="ul"
        aria-labelledby={titleId}
        cols={{ base: 1, sm: 2, md: 3 }}
        spacing="md"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {trending.data.items.map((item) => (
          <TrendingCard key={item.work_id} item={item} period="week" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack component="section" aria-labelledby={titleId} gap="md" w="100%">
      <Title order={2} size="h3" id={titleId}>
        {LANDING_TRENDING_TITLE}
      </Title>
      {body}
    </Stack>
  );
}
