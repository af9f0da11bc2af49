// /recommended (issue 28): the signed-in reader's recommendations as their refresh job last stored them,
// each with the reason it holds and a "Not interested" button (undone from the notice it leaves); a reader
// with nothing read yet first chooses genres and moods.
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResponseOf } from '@shared/api/endpoints';
import type { RecommendationItem } from '@shared/api/recommendations';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { useBackend } from '../../platform/backend-context';
import { BookGrid } from './book-grid';
import { DiscoveryCard } from './discovery-card';
import { RecommendationReason } from './recommendation-reason';
import { TasteChooser } from './taste-chooser';

export const RECOMMENDED_TITLE = 'Recommended';

export function useRecommended(limit: number) {
  const backend = useBackend();
  return useInfiniteQuery({
    queryKey: [...sfQueryKey('recommended-works', { limit }), 'pages'],
    queryFn: ({ pageParam }) =>
      backend.sf('recommended-works', { limit, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last: ResponseOf<'recommended-works'>) => last.next_cursor ?? undefined,
  });
}

/** "Not interested" and its undo; both refresh every list of recommendations shown. */
export function useNotInterested() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sfQueryKey('recommended-works') });
  const mark = useMutation({
    mutationFn: (item: RecommendationItem) => backend.sf('mark-not-interested', { work_id: item.work_id }),
    onSuccess: refresh,
  });
  const undo = useMutation({
    mutationFn: (item: RecommendationItem) => backend.sf('undo-not-interested', { work_id: item.work_id }),
    onSuccess: refresh,
  });
  return { mark, undo };
}

export function RecommendationCard({
  item,
  onNotInterested,
}: {
  item: RecommendationItem;
  onNotInterested?: (item: RecommendationItem) => void;
}) {
  return (
    <DiscoveryCard
      book={item}
      line={<RecommendationReason reason={item.reason} />}
      action={
        onNotInterested && (
          <Group mt={4}>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onNotInterested(item)}
              aria-label={`Not interested in ${item.title}`}
            >
              Not interested
            </Button>
          </Group>
        )
      }
    />
  );
}

export function RecommendedPage() {
  usePageTitle(RECOMMENDED_TITLE);
  const pages = useRecommended(24);
  const queryClient = useQueryClient();
  const { mark, undo } = useNotInterested();
  const [dismissed, setDismissed] = useState<RecommendationItem | null>(null);
  const newReader = pages.data?.pages[0]?.new_reader === true;
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', xs: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{RECOMMENDED_TITLE}</Title>
          <Text c="dimmed">Books chosen for you from what you read, rate and like, and why.</Text>
        </Stack>
        <div role="status" aria-live="polite">
          {dismissed && (
            <Alert
              color="gray"
              withCloseButton
              onClose={() => setDismissed(null)}
              closeButtonLabel="Dismiss"
              // Mantine's 20 px close button beside Undo is under WCAG 2.2's 24 px target size (axe).
              styles={{ closeButton: { width: 28, height: 28, minWidth: 28, minHeight: 28 } }}
            >
              <Group justify="space-between" gap="sm">
                <Text size="sm">
                  You will not be recommended <em>{dismissed.title}</em> again.
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  loading={undo.isPending}
                  onClick={() => undo.mutate(dismissed, { onSuccess: () => setDismissed(null) })}
                >
                  Undo
                </Button>
              </Group>
            </Alert>
          )}
        </div>
        {newReader && (
          <TasteChooser
            onChosen={() => queryClient.invalidateQueries({ queryKey: sfQueryKey('recommended-works') })}
          />
        )}
        {!newReader && (
          <BookGrid
            pages={pages}
            itemsOf={(page) => page.items}
            render={(item) => (
              <RecommendationCard
                key={item.work_id}
                item={item}
                onNotInterested={(it) => mark.mutate(it, { onSuccess: () => setDismissed(it) })}
              />
            )}
            label="Recommended books"
            empty={{
              message: 'No recommendations yet.',
              hint: 'Rate, finish or shelve a few books, and recommendations follow within seconds.',
            }}
          />
        )}
      </Stack>
    </Container>
  );
}
