import { Checkbox, Modal, ScrollArea, Stack } from '@mantine/core';
import { useState } from 'react';
import { SAMPLE_LISTS } from './sample-work';

/** The sample 'Add to Lists' dialog: ticking only changes this page (no real calls, SPEC.md §2). */
export function AddToListsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [ticked, setTicked] = useState<string[]>(['Want to Read']);
  const toggle = (name: string) =>
    setTicked((now) => (now.includes(name) ? now.filter((n) => n !== name) : [...now, name]));
  return (
    <Modal opened={opened} onClose={onClose} title="Add to Lists" centered>
      <ScrollArea.Autosize mah="10rem">
        <Stack gap="sm">
          {SAMPLE_LISTS.map((name) => (
            <Checkbox key={name} label={name} checked={ticked.includes(name)} onChange={() => toggle(name)} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Modal>
  );
}
