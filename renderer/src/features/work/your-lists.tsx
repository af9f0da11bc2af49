// 'Your Lists' (SPEC.md §2): the reader's shelves, ticked where this edition is. Ticking adds, unticking
// removes; failures are silent and not rolled back (SPEC.md §8 "Shelf add/remove ... failures").
import { Checkbox, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSfQuery } from '../../hooks/use-sf-query';
import { useShelfMembership } from '../shelves/use-shelf-membership';

export function YourLists({ workId, editionId }: { workId: string; editionId: string }) {
  const shelves = useSfQuery('list-shelves', {});
  const holding = useSfQuery('edition-shelves', { edition_id: editionId, work_id: workId });
  const membership = useShelfMembership({ editionId, workId, held: holding.data });

  let body;
  if (shelves.isPending || holding.isPending) {
    body = <Skeleton h={100} />;
  } else if (shelves.isError || holding.isError) {
    body = <Text c="dimmed">Your lists could not be loaded.</Text>;
  } else {
    body = (
      <Stack gap="xs">
        {shelves.data.map((shelf) => {
          const busy = membership.isSaving(shelf.id);
          return (
            <Group key={shelf.id} gap="xs" wrap="nowrap">
              <Checkbox
                label={shelf.name}
                checked={membership.isOn(shelf.id)}
                disabled={busy}
                onChange={(event) => membership.choose(shelf.id, event.currentTarget.checked)}
                styles={{ label: { overflowWrap: 'anywhere' } }}
              />
              {busy && <Loader size={14} aria-label={`Saving ${shelf.name}`} />}
            </Group>
          );
        })}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="your-lists">
      <Stack gap="xs">
        <Title order={2} size="h4" id="your-lists">
          Your Lists
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
