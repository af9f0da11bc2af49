// One book from Open Library that we do not hold yet: cover, title, authors, first year and how many
// editions it has; a signed-in reader adds it with one button and lands on its work page.
import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { remoteHit } from '@shared/api/find-books';
import { BookCover } from '../../components/book-cover';
import { messageOf } from '../../platform/errors';
import { useSession } from '../../session/session-context';
import { usePickRemoteWork } from './use-pick-remote-work';

export type RemoteHit = z.infer<typeof remoteHit>;

export const ADD_AND_OPEN = 'Add and open';

export function RemoteWorkCard({ hit }: { hit: RemoteHit }) {
  const { status } = useSession();
  const pick = usePickRemoteWork();
  const facts = [
    hit.first_publish_year !== null && `First published ${hit.first_publish_year}`,
    hit.edition_count !== null && `${hit.edition_count} ${hit.edition_count === 1 ? 'edition' : 'editions'}`,
  ].filter(Boolean);
  return (
    <Card withBorder padding="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <BookCover url={hit.cover_url} title={hit.title} author={hit.author_names} width={56} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {hit.title}
          </Text>
          {hit.author_names && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              by {hit.author_names}
            </Text>
          )}
          {facts.length > 0 && (
            <Text size="xs" c="dimmed">
              {facts.join(' · ')}
            </Text>
          )}
          {pick.isError && (
            <Alert color="red" p="xs" mt={4}>
              {messageOf(pick.error)}
            </Alert>
          )}
        </Stack>
        {status === 'signed-in' ? (
          <Button
            size="xs"
            variant="light"
            loading={pick.isPending}
            onClick={() => pick.mutate(hit.ol_key)}
            aria-label={`${ADD_AND_OPEN}: ${hit.title}`}
          >
            {ADD_AND_OPEN}
          </Button>
        ) : (
          <Anchor component={Link} to="/login" size="sm" style={{ whiteSpace: 'nowrap' }}>
            Log in to add
          </Anchor>
        )}
      </Group>
    </Card>
  );
}
