// Picking the work an unverified one is merged into. Only catalogue works are found by the admin search,
// so the target is always verified.
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { MergeTargetPicker } from '../../components/merge-target-picker';
import type { UnverifiedWork } from './unverified-work-row';

export function MergeIntoForm(props: {
  work: UnverifiedWork;
  busy: boolean;
  onMerge: (intoId: string) => Promise<void>;
}) {
  const { work, busy, onMerge } = props;
  const [targetId, setTargetId] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <MergeTargetPicker
        fromWorkId={work.id}
        label={`Find the work to merge “${work.title}” into`}
        targetId={targetId}
        onTargetChange={setTargetId}
        searchLandmark
      />
      {targetId && (
        <Button color="red" onClick={() => void onMerge(targetId)} loading={busy} w="fit-content">
          Merge into this work
        </Button>
      )}
    </Stack>
  );
}
