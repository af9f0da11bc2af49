// The dashboard's "Recommended for You" (issue 28): the reader's top few recommendations with their
// reasons, and a link to the whole list (where a new reader chooses genres and moods).
import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { BookCover } from '../../components/book-cover';
import { useSfQuery } from '../../hooks/use-sf-query';
import { loadFailureMessage } from '../../lib/load-failure';
import { workPath } from '../../paths';
import { RecommendationReason } from './recommendation-reason';

export const DASHBOARD_RECOMMENDATIONS = 3;

export function RecommendedForYouPanel() {
  const titleId = useId();
  const query = useSfQuery('recommended-works', { limit: DASHBOARD_RECOMMENDATIONS });
  const items = query.data?.items ?? [];
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Title order={2} size="h3" id={titleId} mb="sm">
        Recommended for You
      </Title>
      {query.isError && (
        <Alert color="red">{loadFailureMessage(query.error, 'Could not load recommendations.')}</Alert>
      )}
      {query.isPending && <Skeleton height={120} aria-label="Loading recommendations" />}
      {query.data && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {query.data.new_reader
            ? 'Tell us what you like to read, and recommendations follow.'
            : 'Rate or finish a few books, and recommendations follow.'}
        </Text>
      )}
      {items.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((book) => (
            <Group key={book.work_id} component="li" gap="sm" wrap="nowrap" align="flex-start">
              <BookCover url={book.cover_url} title={book.title} author={book.author_names} width={40} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={workPath(book.work_id)}
                  size="sm"
                  fw={600}
                  c="inherit"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {book.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {book.author_names}
                </Text>
                <Text size="xs">
                  <RecommendationReason reason={book.reason} />
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to="/recommended" size="sm" mt="sm" display="inline-block">
        {query.data?.new_reader ? 'Choose genres and moods' : 'See all recommendations'}
      </Anchor>
    </Paper>
  );
}
