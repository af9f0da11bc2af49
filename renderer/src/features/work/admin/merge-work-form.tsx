// Merging this work into another: find the target with the admin work search, pick it, merge, and go to
// the target's page (SPEC.md §2, §7 merge-work).
import { Button, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBackend } from '../../../platform/backend-context';
import { MergeTargetPicker } from '../../../components/merge-target-picker';
import { markStale } from '../../../stale-data';
import { AdminMessage } from './admin-message';
import type { AdminWork } from './admin-types';
import { useAdminAction } from './use-admin-action';
import { workPath } from '../../../paths';

export function MergeWorkForm({ work }: { work: AdminWork }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [targetId, setTargetId] = useState<string | null>(null);
  const action = useAdminAction();

  async function merge() {
    if (!targetId) return;
    const merged = await action.run(null, () =>
      backend.sf('merge-work', { from_work_id: work.id, into_work_id: targetId }),
    );
    if (merged) {
      // This work no longer exists: mark its answers stale rather than fetch them again here.
      await markStale(queryClient, 'workMerge', { refetch: false });
      navigate(workPath(merged.work_id));
    }
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="admin-merge">
      <Title order={3} size="h6" id="admin-merge">
        Merge work
      </Title>
      <MergeTargetPicker
        fromWorkId={work.id}
        label="Find the work to merge into"
        targetId={targetId}
        onTargetChange={setTargetId}
      />
      {targetId && (
        <Button color="red" onClick={() => void merge()} loading={action.busy} w="fit-content">
          Merge into this work
        </Button>
      )}
      <AdminMessage message={action.message} />
    </Stack>
  );
}
