import { Button, Group, Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import type { authorHit } from '@shared/api/catalogue';

export type AuthorHit = z.infer<typeof authorHit>;

/** One search-authors hit in the merge tools, told apart from namesakes by its work count and best work. */
export function AuthorChoice({
  hit,
  selected,
  onSelect,
}: {
  hit: AuthorHit;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" py={4}>
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {hit.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {hit.works_count === 1 ? '1 work' : `${hit.works_count} works`}
          {hit.sample_work && ` · ${hit.sample_work.title}`}
        </Text>
      </Stack>
      <Button
        size="xs"
        variant={selected ? 'filled' : 'default'}
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={`Select ${hit.name}`}
      >
        {selected ? 'Selected' : 'Select'}
      </Button>
    </Group>
  );
}
