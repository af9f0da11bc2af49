// The dashboard's 'Friends Activity' panel (SPEC.md §2): the latest lines of the readers the viewer follows,
// a link to /activity for more; with nobody followed it says so and offers readers to follow instead.
import { Alert, Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useSfQuery } from '../../hooks/use-sf-query';
import { loadFailureMessage } from '../../lib/load-failure';
import { ActivityList } from './activity-list';
import { ReaderSuggestions } from './reader-suggestions';

export const FRIENDS_ACTIVITY_TITLE = 'Friends Activity';
export const NOBODY_FOLLOWED = 'You are not following anyone yet.';
export const NOTHING_YET = 'Nothing from the readers you follow yet.';
const PANEL_LINES = 5;

export function FriendsActivityPanel() {
  const titleId = useId();
  const feed = useSfQuery('friends-activity', { limit: PANEL_LINES });
  let body;
  if (feed.isError) {
    body = <Alert color="red">{loadFailureMessage(feed.error, 'Could not load Friends Activity.')}</Alert>;
  } else if (!feed.data) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading Friends Activity">
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (feed.data.following === 0) {
    body = (
      <Stack gap="md">
        <Text size="sm">{NOBODY_FOLLOWED} Follow readers to see what they read here.</Text>
        <ReaderSuggestions />
      </Stack>
    );
  } else if (feed.data.items.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {NOTHING_YET}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        <ActivityList items={feed.data.items} />
        <Anchor component={Link} to="/activity" size="sm">
          See all activity
        </Anchor>
      </Stack>
    );
  }
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Title order={2} size="h3" id={titleId} mb="sm">
        {FRIENDS_ACTIVITY_TITLE}
      </Title>
      {body}
    </Paper>
  );
}
