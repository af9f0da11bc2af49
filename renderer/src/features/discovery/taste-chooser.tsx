// The new-reader chooser (issue 28): a reader with nothing read yet picks a few genres and moods, and gets
// recommendations from them at once (choose-taste recomputes the list in the call).
import { Alert, Button, Chip, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_TASTE_GENRES } from '@shared/api/recommendations';
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
      <ChipChoice
        id="taste-genres"
        label="Genres"
        options={(genres.data?.genres ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
        value={genreIds}
        onChange={setGenreIds}
        max={MAX_TASTE_GENRES}
      />
      <ChipChoice
        id="taste-moods"
        label="Moods"
        options={MOODS.map((m) => ({ value: String(m.id), label: m.label }))}
        value={moods}
        onChange={setMoods}
      />
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

/** A labelled group of chips to pick several of; past `max` picks, the others are disabled. */
function ChipChoice({
  id,
  label,
  options,
  value,
  onChange,
  max = Infinity,
}: {
  id: string;
  label: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  max?: number;
}) {
  return (
    <Stack gap={4}>
      <Text fw={600} id={id}>
        {label}
      </Text>
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap="xs" role="group" aria-labelledby={id}>
          {options.map((o) => (
            <Chip
              key={o.value}
              value={o.value}
              size="sm"
              disabled={value.length >= max && !value.includes(o.value)}
            >
              {o.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
