// The 'Currently Reading' card (SPEC.md §2 "Dashboard"): a count badge and at most 10 books, 2 placeholder
// cards while loading, an empty state with 'Add Book'. The update dialog opens from here, and a book marked
// as finished there is offered for review.
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { CurrentlyReadingItem } from '@shared/api/reading';
import { FinishedReviewPrompt } from '../reviews/finished-review-prompt';
import type { FinishedBook } from '../reviews/finished-review-prompt';
import { AddBookDialog } from './add-book-dialog';
import type { BookLinks, DashboardActions } from './dashboard-actions';
import { pauseRequest, resumeRequest } from './progress-form';
import type { LogProgressRequest } from './progress-form';
import { ProgressDialog } from './progress-dialog';
import { ReadingItemCard } from './reading-item-card';

/** SPEC.md §9: the dashboard shows at most 10 current books. */
const DASHBOARD_MAX_BOOKS = 10;
/** SPEC.md §9: 2 placeholder cards while loading. */
const PLACEHOLDER_CARDS = 2;

export interface CurrentlyReadingCardProps {
  items: readonly CurrentlyReadingItem[] | undefined;
  loading: boolean;
  error: string | null;
  links: BookLinks;
  logEvent: DashboardActions['logEvent'];
}

export function CurrentlyReadingCard({ items, loading, error, links, logEvent }: CurrentlyReadingCardProps) {
  const [updating, setUpdating] = useState<CurrentlyReadingItem | null>(null);
  const [adding, setAdding] = useState(false);
  const [finished, setFinished] = useState<{ key: number; book: FinishedBook } | null>(null);
  const titleId = useId();
  const shown = (items ?? []).slice(0, DASHBOARD_MAX_BOOKS);

  async function submitProgress(item: CurrentlyReadingItem, request: LogProgressRequest) {
    await logEvent(item, request);
    if (request.event_type !== 'finish') return;
    const book = { workId: item.work.id, editionId: item.edition.id, title: item.edition.title };
    setFinished((current) => ({ key: (current?.key ?? 0) + 1, book }));
  }

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h3" id={titleId}>
          Currently Reading
        </Title>
        {items && (
          <Badge size="lg" variant="light" aria-label={`${shown.length} in progress`}>
            {shown.length}
          </Badge>
        )}
      </Group>

      {loading && (
        <Stack gap="sm" role="status" aria-label="Loading books">
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
            <Paper key={i} withBorder p="sm" radius="md" data-testid="reading-placeholder">
              <Group align="flex-start" wrap="nowrap" gap="sm">
                <Skeleton w={56} h={84} />
                <Stack gap={8} style={{ flex: 1 }}>
                  <Skeleton h={14} w="70%" />
                  <Skeleton h={12} w="40%" />
                  <Skeleton h={8} />
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}

      {items && shown.length === 0 && (
        <Stack align="center" gap={4} py="lg">
          <Text fw={600}>No books in progress</Text>
          <Text size="sm" c="dimmed">
            Start tracking your reading journey
          </Text>
          <Button mt="sm" onClick={() => setAdding(true)}>
            Add Book
          </Button>
        </Stack>
      )}

      {shown.length > 0 && (
        <Stack gap="sm">
          {shown.map((item) => (
            <ReadingItemCard
              key={item.edition.id}
              item={item}
              links={links}
              onPause={() => logEvent(item, pauseRequest(item))}
              onResume={() => logEvent(item, resumeRequest(item))}
              onUpdate={() => setUpdating(item)}
            />
          ))}
        </Stack>
      )}

      <ProgressDialog item={updating} onClose={() => setUpdating(null)} onSubmit={submitProgress} />
      {finished && (
        <FinishedReviewPrompt key={finished.key} book={finished.book} onClose={() => setFinished(null)} />
      )}
      <AddBookDialog opened={adding} onClose={() => setAdding(false)} />
    </Paper>
  );
}
