// /recommended for a visitor who is not signed in (issue 28): what is well rated and popular, as the
// recommender's popular lists last stored it, each card with the community's average and count as its
// reason, and an invitation to sign up or log in for recommendations of one's own.
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { ResponseOf } from '@shared/api/endpoints';
import { JoinButtons } from '../../components/join-buttons';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { useBackend } from '../../platform/backend-context';
import { BookGrid } from './book-grid';
import { RECOMMENDED_TITLE, RecommendationCard } from './recommended-page';

export const POPULAR_LIST_LABEL = 'Well rated and popular books';
export const SIGN_IN_INVITATION = 'Get recommendations of your own';

function usePopular(limit: number) {
  const backend = useBackend();
  return useInfiniteQuery({
    queryKey: [...sfQueryKey('popular-works', { limit }), 'pages'],
    queryFn: ({ pageParam }) =>
      backend.sf('popular-works', { limit, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last: ResponseOf<'popular-works'>) => last.next_cursor ?? undefined,
  });
}

/** Above the list, so a visitor sees why to sign in before scrolling through books. */
function SignInInvitation() {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {SIGN_IN_INVITATION}
        </Title>
        <Text size="sm">
          Sign up or log in, rate or finish a few books (or just pick the genres and moods you like), and
          Recommended chooses books for you, each with the reason why.
        </Text>
        <JoinButtons gap="sm" mt={4} />
      </Stack>
    </Paper>
  );
}

export function PopularRecommendedPage() {
  usePageTitle(RECOMMENDED_TITLE);
  const pages = usePopular(24);
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', xs: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{RECOMMENDED_TITLE}</Title>
          <Text c="dimmed">What Shelfwise readers rate well and read most.</Text>
        </Stack>
        <SignInInvitation />
        <BookGrid
          pages={pages}
          itemsOf={(page) => page.items}
          render={(item) => <RecommendationCard key={item.work_id} item={item} />}
          label={POPULAR_LIST_LABEL}
          empty={{
            message: 'Nothing is rated yet.',
            hint: 'The books readers rate well and often will show here.',
          }}
        />
      </Stack>
    </Container>
  );
}
