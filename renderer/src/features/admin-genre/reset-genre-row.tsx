import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { searchHit } from '@shared/api/catalogue';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { SfError, messageOf } from '../../platform/errors';
import { useSession } from '../../session/session-context';

export const NO_SESSION = 'No session';
export const GENRE_RESET = 'Genre reset';

type Outcome = { ok: boolean; text: string };

/** One work found by the admin search, with the button that clears its genres (SPEC.md §8 "reset genre"). */
export function ResetGenreRow({ hit }: { hit: z.infer<typeof searchHit> }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const { status } = useSession();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function reset() {
    if (status !== 'signed-in') {
      setOutcome({ ok: false, text: NO_SESSION });
      return;
    }
    setBusy(true);
    try {
      const { message } = await backend.sf('reset-work-genre', { work_id: hit.work_id });
      await queryClient.invalidateQueries({ queryKey: sfQueryKey('work-genres', { work_id: hit.work_id }) });
      setOutcome({ ok: true, text: message || GENRE_RESET });
    } catch (error) {
      // A session the server no longer accepts is the same as none (the spec's 'No session').
      const expired = error instanceof SfError && error.status === 401;
      setOutcome({ ok: false, text: expired ? NO_SESSION : `Failed: ${messageOf(error)}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0} miw={0} style={{ flex: '1 1 200px' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {hit.work_title}
          </Text>
          {hit.author_names && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              by {hit.author_names}
            </Text>
          )}
        </Stack>
        <Group gap="sm" wrap="wrap">
          {outcome && (
            <Text size="sm" c={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.text}
            </Text>
          )}
          <Button
            variant="light"
            onClick={() => void reset()}
            loading={busy}
            aria-label={`Reset genre of ${hit.work_title}`}
          >
            Reset genre
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
