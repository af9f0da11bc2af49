// Open Library's part of a page (issue 26): asked in a call of its own, so our own results never wait for
// it. While it is asked, and when Open Library is slow, down or refusing, the section says so in one quiet
// line and the rest of the page stands as it is.
import { Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import type { remoteHit } from '@shared/api/find-books';
import { messageOf } from '../../platform/errors';
import { RemoteWorkCard } from './remote-work-card';

type Answer = { status: 'ok' | 'unavailable'; results: z.infer<typeof remoteHit>[] };

export const ASKING_OPEN_LIBRARY = 'Looking on Open Library…';
export const OPEN_LIBRARY_UNAVAILABLE =
  'Open Library is not answering right now, so only our catalogue is shown.';

export function RemoteWorksSection({
  title,
  id,
  answer,
}: {
  title: string;
  /** The heading's id, which names the section. */
  id: string;
  answer: UseQueryResult<Answer, Error>;
}) {
  let line: string | null = null;
  if (answer.isPending) line = ASKING_OPEN_LIBRARY;
  else if (answer.isError) line = messageOf(answer.error);
  else if (answer.data.status === 'unavailable') line = OPEN_LIBRARY_UNAVAILABLE;
  if (line !== null) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {line}
      </Text>
    );
  }
  const results = answer.data?.results ?? [];
  if (results.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <Stack gap="sm" component="ul" aria-labelledby={id} p={0} m={0} style={{ listStyle: 'none' }}>
        {results.map((hit) => (
          <li key={hit.ol_key}>
            <RemoteWorkCard hit={hit} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
