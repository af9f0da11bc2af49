// First-published date, its display text and the lock that keeps them through metadata refreshes.
import { Button, Checkbox, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useBackend } from '../../../platform/backend-context';
import { markStale } from '../../../stale-data';
import { AdminMessage } from './admin-message';
import { workDateProblem } from './admin-validation';
import type { AdminWork } from './admin-types';
import { useAdminAction } from './use-admin-action';

export function WorkDateForm({ work }: { work: AdminWork }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(work.date ?? '');
  const [dateString, setDateString] = useState(work.date_string ?? '');
  const [lock, setLock] = useState(work.date_is_locked);
  const action = useAdminAction();

  async function save(event: FormEvent) {
    event.preventDefault();
    const saved = await action.run(workDateProblem(lock, date, dateString), () =>
      backend.sf('set-work-date', { work_id: work.id, lock, date, date_string: dateString }),
    );
    if (saved) await markStale(queryClient, 'workDate');
  }

  return (
    <form onSubmit={(event) => void save(event)} aria-labelledby="admin-date">
      <Stack gap="xs">
        <Title order={3} size="h6" id="admin-date">
          First published
        </Title>
        <TextInput
          label="First-published date"
          placeholder="YYYY-MM-DD"
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
        />
        <TextInput
          label="Date string"
          placeholder="e.g. February 28, 1749"
          value={dateString}
          onChange={(e) => setDateString(e.currentTarget.value)}
        />
        <Checkbox label="Lock date" checked={lock} onChange={(e) => setLock(e.currentTarget.checked)} />
        <Button type="submit" size="compact-md" loading={action.busy} w="fit-content">
          Save date
        </Button>
        <AdminMessage message={action.message} />
      </Stack>
    </form>
  );
}
