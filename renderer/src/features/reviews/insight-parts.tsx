// The building blocks of the Review Insights panel: a titled part, a vote split drawn as bars, and a row
// of counted choices.
import { Badge, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { OptionCount, VoteShare } from '@shared/domain/insights';

export function InsightPart({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={id}>
      <Title order={3} size="h6" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Percents are of the reviews that voted (a rating-only review has no pace or focus), so the number of
 * votes is said with them; with none, nothing is drawn.
 */
export function VoteSplit({ shares }: { shares: readonly VoteShare[] }) {
  const votes = shares.reduce((sum, share) => sum + share.count, 0);
  if (votes === 0) {
    return (
      <Text size="sm" c="dimmed">
        No one has said yet.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        {votes === 1 ? '1 vote' : `${votes} votes`}
      </Text>
      {shares.map((share) => (
        <div key={share.id}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{share.label}</Text>
            <Text size="sm" c="dimmed">
              {share.percent}%
            </Text>
          </Group>
          <Progress value={share.percent} size="sm" aria-label={`${share.label} ${share.percent}%`} />
        </div>
      ))}
    </Stack>
  );
}

export function CountedChoices({
  choices,
  color,
  emptyText,
}: {
  choices: readonly OptionCount[];
  color?: string;
  emptyText: string;
}) {
  if (choices.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <Group gap={6}>
      {choices.map((choice) => (
        <Badge key={choice.id} variant="light" color={color} tt="none" size="lg" fw={500}>
          {choice.label} · {choice.count}
        </Badge>
      ))}
    </Group>
  );
}
