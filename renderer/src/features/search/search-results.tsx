// Search results (SPEC.md §2 "Search results", §8 "Search"). A query shaped like an ISBN asks check-isbn
// first: a book the catalogue lacks is imported by search-works from Open Library, which can take a while,
// so the reader is told so (the blue notice) instead of staring at skeletons.
import { Alert, Card, Container, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isIsbnQuery } from '@shared/domain/isbn';
import { sfQueryKey, useSfQuery } from '../../hooks/use-sf-query';
import { messageOf } from '../../platform/errors';
import { SearchHitCard } from './search-hit-card';
import { EmptyState } from '../../components/empty-state';
import { RemoteWorksSection } from '../open-library/remote-works-section';
import { useHitShelves } from './use-hit-shelves';

export const FROM_OPEN_LIBRARY = 'From Open Library';
/** Open Library's answers change slowly; a reader going back and forth need not ask again. */
const REMOTE_STALE_MS = 5 * 60 * 1000;

export const NEW_ISBN_NOTICE = 'New ISBN encountered. Adding to the database; this may take up to a minute.';
export const FETCHING_NEW_BOOK = 'Fetching data for new book...';
export const NO_BOOKS_FOUND = 'No books found.';

function ResultSkeletons() {
  return (
    <Stack gap="sm" aria-label="Loading results" role="status">
      {[0, 1, 2, 3, 4].map((row) => (
        <Card key={row} withBorder padding="md">
          <Skeleton height={16} width="60%" />
          <Skeleton height={12} width="40%" mt={8} />
          <Skeleton height={10} width={80} mt={8} />
        </Card>
      ))}
    </Stack>
  );
}

export function SearchResults({ text }: { text: string }) {
  const query = text.trim();
  const isbnPath = isIsbnQuery(query);
  const queryClient = useQueryClient();

  const check = useSfQuery('check-isbn', { query }, { enabled: isbnPath });
  const search = useSfQuery(
    'search-works',
    { query },
    // An import already waits on Open Library's own timeouts; asking again would only triple the wait.
    isbnPath ? { enabled: check.isSuccess, retry: false } : {},
  );

  // Asked beside our own search, never before it: our results show as soon as they come (issue 26).
  const remote = useSfQuery(
    'search-openlibrary',
    { query },
    { enabled: !isbnPath && query !== '', retry: false, staleTime: REMOTE_STALE_MS },
  );
  const shelfOf = useHitShelves(search.data?.results ?? []);

  const added = search.data?.new_isbn_added === true;
  useEffect(() => {
    if (added) void queryClient.invalidateQueries({ queryKey: sfQueryKey('check-isbn', { query }) });
  }, [added, query, queryClient]);

  const error = check.error ?? search.error;
  const importing = isbnPath && check.data?.isbn != null && !check.data.exists && search.isPending;

  let body;
  if (error) {
    body = <Alert color="red">Error: {messageOf(error)}</Alert>;
  } else if (importing) {
    body = (
      <Stack gap="md">
        <Alert color="blue">{NEW_ISBN_NOTICE}</Alert>
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{FETCHING_NEW_BOOK}</Text>
        </Group>
      </Stack>
    );
  } else if (!search.data) {
    body = <ResultSkeletons />;
  } else if (search.data.results.length === 0) {
    body = (
      <EmptyState message={NO_BOOKS_FOUND} hint="Try fewer words, an author's name, or a book's ISBN." />
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" aria-label="Search results" p={0} m={0} style={{ listStyle: 'none' }}>
        {search.data.results.map((hit) => (
          <li key={hit.work_id}>
            <SearchHitCard hit={hit} shelf={shelfOf(hit)} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          Search Results for: {text}
        </Title>
        {body}
        {!isbnPath && query !== '' && (
          <RemoteWorksSection title={FROM_OPEN_LIBRARY} id="from-open-library" answer={remote} />
        )}
      </Stack>
    </Container>
  );
}
