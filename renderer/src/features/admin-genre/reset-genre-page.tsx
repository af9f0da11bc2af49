// Admin reset genre (SPEC.md §2 "Admin reset genre", §5, §8): find works with the admin search (a blank
// query asks nothing) and clear a work's genres so the next visit looks them up again.
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSfQuery } from '../../hooks/use-sf-query';
import { ADMIN_UNVERIFIED_WORKS_PATH } from '../../paths';
import { messageOf } from '../../platform/errors';
import { ResetGenreRow } from './reset-genre-row';
import { AdminTwoStepNotice } from '../two-step/admin-two-step-notice';

export const NO_RESULTS = 'No results found';

function SearchOutcome({ query }: { query: string }) {
  const results = useSfQuery('admin-search-works', { query });
  if (results.isError) return <Alert color="red">{messageOf(results.error)}</Alert>;
  if (!results.data) return <Loader size="sm" role="status" aria-label="Searching" />;
  if (results.data.results.length === 0) return <Text c="dimmed">{NO_RESULTS}</Text>;
  return (
    <Stack gap="sm" component="ul" aria-label="Works" p={0} m={0} style={{ listStyle: 'none' }}>
      {results.data.results.map((hit) => (
        <ResetGenreRow key={hit.work_id} hit={hit} />
      ))}
    </Stack>
  );
}

export function ResetGenrePage() {
  usePageTitle('Reset Genre');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');

  function search(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed) setQuery(trimmed);
  }

  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="lg">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={1}>Reset Genre</Title>
          <Anchor component={Link} to={ADMIN_UNVERIFIED_WORKS_PATH} size="sm">
            Unverified Works
          </Anchor>
        </Group>
        <AdminTwoStepNotice />
        <Text c="dimmed">
          Find a work and reset its genres; they are looked up again the next time the work is opened.
        </Text>
        <form onSubmit={search} role="search">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Search works"
              placeholder="Title or author"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button type="submit">Search</Button>
          </Group>
        </form>
        {query !== '' && <SearchOutcome query={query} />}
      </Stack>
    </Container>
  );
}
