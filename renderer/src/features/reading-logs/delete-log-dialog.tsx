// The 'Delete Log' confirmation (SPEC.md §2, §4). While the call runs the Delete button reads
// 'Deleting...' and the dialog cannot be dismissed; a failure closes it and leaves the log (§8: silent).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface DeleteLogDialogProps {
  opened: boolean;
  deleting: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function DeleteLogDialog({ opened, deleting, onCancel, onConfirm }: DeleteLogDialogProps) {
  const close = () => {
    if (!deleting) onCancel();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Delete Log"
      closeOnClickOutside={!deleting}
      closeOnEscape={!deleting}
      withCloseButton={!deleting}
      centered
    >
      <Stack gap="md">
        <Text>Delete this log? This may affect your reading stats.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={deleting} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
