// /activity: Friends Activity in full, newest first, a page at a time ("Show more"), with the readers to
// follow beside it (issue 27).
import { Alert, Container, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { loadFailureMessage } from '../../lib/load-failure';
import { useBackend } from '../../platform/backend-context';
import { ActivityList } from './activity-list';
import { FRIENDS_ACTIVITY_TITLE, NOBODY_FOLLOWED, NOTHING_YET } from './friends-activity-panel';
import { ReaderSuggestions } from './reader-suggestions';
import { ShowMoreButton } from '../../components/show-more-button';

const PAGE = 20;

export function ActivityPage() {
  usePageTitle(FRIENDS_ACTIVITY_TITLE);
  const backend = useBackend();
  const pages = useInfiniteQuery({
    // Under the friends-activity key, so a follow's invalidation reaches this list too.
    queryKey: [...sfQueryKey('friends-activity', { limit: PAGE }), 'pages'],
    queryFn: ({ pageParam }) =>
      backend.sf('friends-activity', { limit: PAGE, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const loaded = pages.data?.pages ?? [];
  const items = loaded.flatMap((p) => p.items);
  const first = loaded[0];

  let body;
  if (pages.isError && !first) {
    body = <Alert color="red">{loadFailureMessage(pages.error, 'Could not load Friends Activity.')}</Alert>;
  } else if (!first) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading Friends Activity">
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  } else if (items.length === 0) {
    body = (
      <Text>
        {first.following === 0
          ? `${NOBODY_FOLLOWED} Follow readers to see what they read here.`
          : NOTHING_YET}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        <ActivityList items={items} />
        <ShowMoreButton pages={pages} />
      </Stack>
    );
  }

  return (
    <Container size="lg" py="xl" px={{ base: 'sm', xs: 'md' }}>
      <Title order={1} mb="lg">
        {FRIENDS_ACTIVITY_TITLE}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md">
            {body}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            <ReaderSuggestions />
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
