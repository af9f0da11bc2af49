// An empty list's message with a helpful next step (issue 17's visual pass): the words SPEC.md gives for
// the empty state stay as they are, as the message; a hint says what to do, and an optional link goes there.
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

export interface EmptyStateProps {
  /** SPEC.md's own words for the empty state, e.g. 'This shelf is empty.' */
  message: string;
  /** What a reader can do next. */
  hint: string;
  action?: { label: string; to: string };
}

export function EmptyState({ message, hint, action }: EmptyStateProps) {
  return (
    <Stack gap={4} py="lg" align="flex-start">
      <Text fw={600}>{message}</Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      {action && (
        <Anchor component={Link} to={action.to} size="sm" mt={4}>
          {action.label}
        </Anchor>
      )}
    </Stack>
  );
}
