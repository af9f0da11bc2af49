// The /hometemplate sample's fixed 'Recommended for You' (SPEC.md §2: template pages make no calls); the
// dashboard's is real (features/discovery/recommended-for-you-panel.tsx). 'Friends Activity' is real on the
// dashboard (features/social); the /hometemplate sample keeps its fixed entries, as template pages make no
// calls.
import { Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { BookCover } from '../../components/book-cover';
import { SAMPLE_FRIENDS_ACTIVITY, SAMPLE_RECOMMENDATIONS } from './sample-content';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Title order={2} size="h3" id={titleId} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function SampleFriendsActivityPanel() {
  return (
    <Panel title="Friends Activity">
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {SAMPLE_FRIENDS_ACTIVITY.map((entry) => (
          <Group key={`${entry.name}-${entry.book}`} component="li" gap="sm" wrap="nowrap" align="flex-start">
            <Avatar radius="xl" color="initials" name={entry.name} size="md" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600}>
                  {entry.name}
                </Text>{' '}
                {entry.action}{' '}
                <Text span fs="italic">
                  {entry.book}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {entry.when}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Panel>
  );
}

export function RecommendedPanel() {
  return (
    <Panel title="Recommended for You">
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {SAMPLE_RECOMMENDATIONS.map((book) => (
          <Group key={book.title} component="li" gap="sm" wrap="nowrap">
            <BookCover url={null} title={book.title} width={40} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {book.title}
              </Text>
              <Text size="xs" c="dimmed">
                {book.author}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Panel>
  );
}
