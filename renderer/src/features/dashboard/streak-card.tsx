// The streak card (SPEC.md §2 "Dashboard"): days in a row; 0 invites a start, more encourages. Failures
// are logged only (§8), so an unknown streak shows a dash rather than a wrong 0.
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { FlameIcon } from '../../components/icons';

export function StreakCard({ streak, loading }: { streak: number | undefined; loading: boolean }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Title order={2} size="h3" id={titleId} mb="sm">
        Reading Streak
      </Title>
      {loading ? (
        <Skeleton h={48} aria-label="Loading streak" />
      ) : (
        <Stack gap={4}>
          <Group gap={8} align="baseline">
            <Text fz={36} fw={800} lh={1} data-testid="streak-days">
              {streak ?? '–'}
            </Text>
            <Text c="dimmed">{streak === 1 ? 'day in a row' : 'days in a row'}</Text>
          </Group>
          {streak === 0 && <Text size="sm">Start your streak today!</Text>}
          {streak !== undefined && streak > 0 && (
            <>
              <Text size="sm">Keep the momentum going!</Text>
              <Group gap={4} c="orange" wrap="nowrap">
                <FlameIcon />
                <Text size="sm" fw={600} c="orange">
                  You&apos;re on fire: {streak} {streak === 1 ? 'day' : 'days'} of reading!
                </Text>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}
