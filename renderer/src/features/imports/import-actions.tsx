// What a reader can do with a finished import: send its failed rows through again, or undo it (after a
// confirmation, since undo removes books, shelves, reads and reviews it added).
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImportSummary } from '@shared/api/imports';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';

export function ImportActions({ summary }: { summary: ImportSummary }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // An import or its undo can change any of the reader's answers: shelves, reads, reviews, goals, the
  // catalogue (created books) and the imports themselves.
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: ['sf'] });

  const retry = useMutation({
    mutationFn: () => backend.sf('retry-import-rows', { import_id: summary.import_id }),
    onSuccess: refreshAll,
  });
  const undo = useMutation({
    mutationFn: () => backend.sf('undo-import', { import_id: summary.import_id }),
    onSuccess: async () => {
      setConfirming(false);
      await refreshAll();
    },
  });

  if (summary.undone_at) return null;
  const failure = retry.error ?? undo.error;

  return (
    <Stack gap="xs">
      <Group gap="sm">
        {summary.failed > 0 && (
          <Button variant="light" onClick={() => retry.mutate()} loading={retry.isPending}>
            Retry {summary.failed === 1 ? 'the failed row' : `${summary.failed} failed rows`}
          </Button>
        )}
        <Button variant="default" color="red" onClick={() => setConfirming(true)}>
          Undo import
        </Button>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {messageOf(failure)}
        </Alert>
      )}
      <Modal
        opened={confirming}
        onClose={() => !undo.isPending && setConfirming(false)}
        title="Undo this import?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            This removes everything {summary.file_name} added: books on your shelves, shelves it created,
            reading history and reviews. Nothing you added yourself changes.
          </Text>
          {undo.error && (
            <Alert color="red" role="alert">
              {messageOf(undo.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={undo.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={() => undo.mutate()} loading={undo.isPending}>
              Undo import
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
