// One unverified work and the admin's three verdicts: approve, merge into a work found with the admin
// search (merge-work, the same tool as the work page's), or remove after a confirmation. The server's text
// is shown as it answers (SPEC.md §8 "Admin"): a verdict's by the page (the row leaves the list, which is
// read again), a refusal's in the row.
import { Anchor, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { unverifiedWork } from '@shared/api/admin';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { formatShortDate } from '../../lib/format-date';
import { workPath } from '../../paths';
import { useBackend } from '../../platform/backend-context';
import { messageOf, SfError } from '../../platform/errors';
import { MergeIntoForm } from './merge-into-form';

export type UnverifiedWork = z.infer<typeof unverifiedWork>;

const readersText = (n: number) => (n === 1 ? '1 reader' : `${n} readers`);

export function UnverifiedWorkRow(props: { work: UnverifiedWork; onVerdict: (message: string) => void }) {
  const { work, onVerdict } = props;
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [merging, setMerging] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);

  async function verdict(call: () => Promise<{ message: string }>) {
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await call();
      onVerdict(message);
      await queryClient.invalidateQueries({ queryKey: sfQueryKey('unverified-works') });
    } catch (error) {
      setFailure(error instanceof SfError ? error.error : messageOf(error));
    } finally {
      setBusy(false);
      setConfirmRemove(false);
    }
  }

  const headingId = `unverified-${work.id}`;
  return (
    <Paper withBorder p="md" component="li" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
          <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
            <Anchor
              component={Link}
              to={workPath(work.id)}
              fw={600}
              id={headingId}
              style={{ overflowWrap: 'anywhere' }}
            >
              {work.title}
            </Anchor>
            {work.author_names && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                by {work.author_names}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              Added {formatShortDate(work.created_at)} by{' '}
              {work.created_by ? `@${work.created_by.username}` : 'a deleted account'}
            </Text>
          </Stack>
          <Text size="sm" fw={600} data-testid="reader-count">
            {readersText(work.readers)}
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            onClick={() => void verdict(() => backend.sf('approve-work', { work_id: work.id }))}
            loading={busy}
            aria-label={`Approve ${work.title}`}
          >
            Approve
          </Button>
          <Button
            variant="default"
            onClick={() => setMerging((open) => !open)}
            aria-expanded={merging}
            aria-label={`Merge into… another work: ${work.title}`}
            disabled={busy}
          >
            Merge into…
          </Button>
          <Button
            variant="light"
            color="red"
            onClick={() => setConfirmRemove(true)}
            aria-label={`Remove ${work.title}`}
            disabled={busy}
          >
            Remove
          </Button>
        </Group>
        {merging && (
          <MergeIntoForm
            work={work}
            busy={busy}
            onMerge={(intoId) =>
              verdict(() => backend.sf('merge-work', { from_work_id: work.id, into_work_id: intoId }))
            }
          />
        )}
        {failure && (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        )}
      </Stack>
      <Modal
        opened={confirmRemove}
        onClose={() => !busy && setConfirmRemove(false)}
        title="Remove Work"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text style={{ overflowWrap: 'anywhere' }}>
            Remove “{work.title}”? It leaves {readersText(work.readers)}’ shelves, reading logs and reviews
            too. This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRemove(false)} disabled={busy} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() => void verdict(() => backend.sf('remove-work', { work_id: work.id }))}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
