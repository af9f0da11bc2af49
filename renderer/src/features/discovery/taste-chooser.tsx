// The new-reader chooser (issue 28): a reader with nothing read yet picks a few genres and moods, and gets
// recommendations from them at once (choose-taste recomputes the list in the call).
import { Alert, Button, Chip, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { MOODS } from '@shared/domain/review-options';
import { useSfQuery } from '../../hooks/use-sf-query';
import { loadFailureMessage } from '../../lib/load-failure';
import { useBackend } from '../../platform/backend-context';

export function TasteChooser({ onChosen }: { onChosen: () => Promise<unknown> }) {
  const backend = useBackend();
  const genres = useSfQuery('discovery-genres', {});
  const [genreIds, setGenreIds] = useState<string[]>([]);
  const [moods, setMoods] = useState<string[]>([]);
  const choose = useMutation({
    mutationFn: () =>
      backend.sf('choose-taste', { genre_ids: genreIds.map(Number), moods: moods.map(Number) }),
    onSuccess: onChosen,
  });
  return (
    <Stack gap="md" component="section" aria-labelledby="taste-chooser-title">
      <Title order={2} size="h3" id="taste-chooser-title">
        What do you like to read?
      </Title>
      <Text c="dimmed">Choose a few genres and moods, and we will recommend books at once.</Text>
      <Stack gap={4}>
        <Text fw={600} id="taste-genres">
          Genres
        </Text>
        <Chip.Group multiple value={genreIds} onChange={setGenreIds}>
          <Group gap="xs" role="group" aria-labelledby="taste-genres">
            {(genres.data?.genres ?? []).map((g) => (
              <Chip
                key={g.id}
                value={String(g.id)}
                size="sm"
                disabled={genreIds.length >= 10 && !genreIds.includes(String(g.id))}
              >
                {g.name}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <Stack gap={4}>
        <Text fw={600} id="taste-moods">
          Moods
        </Text>
        <Chip.Group multiple value={moods} onChange={setMoods}>
          <Group gap="xs" role="group" aria-labelledby="taste-moods">
            {MOODS.map((m) => (
              <Chip key={m.id} value={String(m.id)} size="sm">
                {m.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      {choose.isError && (
        <Alert color="red">{loadFailureMessage(choose.error, 'Could not save your choice.')}</Alert>
      )}
      <Group>
        <Button
          onClick={() => choose.mutate()}
          loading={choose.isPending}
          disabled={genreIds.length === 0 && moods.length === 0}
        >
          Show my recommendations
        </Button>
      </Group>
    </Stack>
  );
}
