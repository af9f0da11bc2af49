// The work's primary edition (the one shown by default, SPEC.md §2) and the lock that keeps it.
import { Button, Checkbox, NativeSelect, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useBackend } from '../../../platform/backend-context';
import { markStale } from '../../../stale-data';
import { AdminMessage } from './admin-message';
import { primaryEditionProblem } from './admin-validation';
import type { AdminEdition, AdminWork } from './admin-types';
import { useAdminAction } from './use-admin-action';

/** Titles repeat across editions, so the option names the publisher, date and ISBN too. */
export function editionLabel(edition: AdminEdition): string {
  const details = [edition.publisher, edition.date_string, edition.isbn].filter(Boolean).join(', ');
  return details ? `${edition.title} (${details})` : edition.title;
}

export function PrimaryEditionForm({
  work,
  editions,
}: {
  work: AdminWork;
  editions: readonly AdminEdition[];
}) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [editionId, setEditionId] = useState(work.primary_edition_id ?? '');
  const [lock, setLock] = useState(work.primary_edition_locked);
  const action = useAdminAction();

  async function save(event: FormEvent) {
    event.preventDefault();
    const saved = await action.run(primaryEditionProblem(lock, editionId), () =>
      backend.sf('set-primary-edition', { work_id: work.id, edition_id: editionId || null, lock }),
    );
    if (saved) await markStale(queryClient, 'primaryEdition');
  }

  return (
    <form onSubmit={(event) => void save(event)} aria-labelledby="admin-primary">
      <Stack gap="xs">
        <Title order={3} size="h6" id="admin-primary">
          Primary edition
        </Title>
        <NativeSelect
          label="Primary edition"
          value={editionId}
          onChange={(e) => setEditionId(e.currentTarget.value)}
          data={[
            { value: '', label: 'No edition chosen' },
            ...editions.map((e) => ({ value: e.id, label: editionLabel(e) })),
          ]}
        />
        <Checkbox
          label="Lock primary edition"
          checked={lock}
          onChange={(e) => setLock(e.currentTarget.checked)}
        />
        <Button type="submit" size="compact-md" loading={action.busy} w="fit-content">
          Save primary edition
        </Button>
        <AdminMessage message={action.message} />
      </Stack>
    </form>
  );
}
