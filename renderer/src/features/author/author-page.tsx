// The author page at /author/{id} (SPEC.md §2 "Author page", §8): the name and the works, and for admins
// the tools to merge this author into another.
import { Alert, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSfQuery } from '../../hooks/use-sf-query';
import { useSession } from '../../session/session-context';
import { isNotFound, loadFailureMessage } from '../../lib/load-failure';
import { AuthorWorks } from './author-works';
import { MoreFromOpenLibrary } from './more-from-open-library';
import { MergeAuthorTools } from './merge-author-tools';

export const AUTHOR_NOT_FOUND = 'Author not found';
export const AUTHOR_NOT_FOUND_FALLBACK = 'Author not found.';

/** The message a merge leaves for the author it merged into (see MergeAuthorTools). */
function adminMessageOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('adminMessage' in state)) return null;
  return typeof state.adminMessage === 'string' ? state.adminMessage : null;
}

function AuthorSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading author">
      <Skeleton height={32} width="40%" />
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 5 }} spacing="md">
        {[0, 1, 2, 3, 4].map((card) => (
          <Skeleton key={card} height={200} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function AuthorPage({ authorId }: { authorId: string }) {
  const { isAdmin } = useSession();
  const location = useLocation();
  const author = useSfQuery('author-details', { author_id: authorId });
  usePageTitle(author.data ? author.data.name : author.isError ? AUTHOR_NOT_FOUND : 'Author');
  const adminMessage = isAdmin ? adminMessageOf(location.state) : null;

  let body;
  if (author.isError) {
    // The heading names the problem; the line under it is the server's own words when it said more.
    body = (
      <Stack gap="xs">
        <Title order={1}>{AUTHOR_NOT_FOUND}</Title>
        <Text c="dimmed">
          {isNotFound(author.error)
            ? AUTHOR_NOT_FOUND_FALLBACK
            : loadFailureMessage(author.error, AUTHOR_NOT_FOUND_FALLBACK)}
        </Text>
      </Stack>
    );
  } else if (!author.data) {
    body = <AuthorSkeleton />;
  } else {
    body = (
      <>
        {adminMessage && <Alert color="green">{adminMessage}</Alert>}
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {author.data.name}
        </Title>
        {isAdmin && <MergeAuthorTools author={author.data} />}
        <Stack gap="sm" component="section" aria-labelledby="author-works">
          <Title order={2} size="h3" id="author-works">
            Works
          </Title>
          <AuthorWorks works={author.data.works} />
        </Stack>
        <MoreFromOpenLibrary authorId={author.data.id} />
      </>
    );
  }

  return (
    <Container size="lg" py="xl" px="md">
      <Stack gap="lg">{body}</Stack>
    </Container>
  );
}
