// The work page's "Readers also enjoyed" (issue 28): the works the item-to-item data (the recommender's
// work_similarities, from public likes and finishes) puts nearest this one, as discovery cards whose line
// names the signal that links them, in the words Recommended uses. The server lists only verified works. The section is absent while it loads, when it fails and when there is nothing to show: it
// is an extra, and an empty heading or an error would only push the page's own content down.
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { alsoEnjoyedFacts, explainRecommendation } from '@shared/domain/recommendation-reasons';
import { useSfQuery } from '../../hooks/use-sf-query';
import { DiscoveryCard } from './discovery-card';
import { RecommendationReason } from './recommendation-reason';

export const READERS_ALSO_ENJOYED_TITLE = 'Readers also enjoyed';
/** Two rows of three at full width. */
export const READERS_ALSO_ENJOYED_LIMIT = 6;

export function ReadersAlsoEnjoyed({ work }: { work: { id: string; title: string } }) {
  const titleId = useId();
  const query = useSfQuery('readers-also-enjoyed', {
    work_id: work.id,
    limit: READERS_ALSO_ENJOYED_LIMIT,
  });
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {READERS_ALSO_ENJOYED_TITLE}
      </Title>
      <SimpleGrid
        component="ul"
        aria-label={READERS_ALSO_ENJOYED_TITLE}
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="sm"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {items.map((item) => {
          const facts = alsoEnjoyedFacts({ work_id: work.id, title: work.title }, item);
          return (
            <DiscoveryCard
              key={item.work_id}
              book={item}
              line={facts && <RecommendationReason reason={explainRecommendation(facts)} />}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
