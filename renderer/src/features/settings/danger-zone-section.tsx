// Danger Zone (SPEC.md §2, §4): Delete Account asks first, deletes through /sf/delete-user, acknowledges
// with 'Account Deleted', then signs out and goes to '/'. A failure shows 'Delete failed' with the server text.
// When the sign-in is not recent the server wants the current password first: the confirm dialog steps
// aside for the password dialog, and Cancel there deletes nothing.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useBackend } from '../../platform/backend-context';
import { usePasswordConfirmation } from '../../components/confirm-password-dialog';
import { messageOf } from '../../platform/errors';
import { useSession } from '../../session/session-context';
import { SettingsCard } from './settings-card';

type Step = 'idle' | 'confirming' | 'deleting' | 'deleted';

export function DangerZoneSection() {
  const backend = useBackend();
  const { signOut } = useSession();
  const [step, setStep] = useState<Step>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const confirmation = usePasswordConfirmation();

  async function deleteAccount() {
    setStep('deleting');
    setFailure(null);
    try {
      const deleted = await confirmation.run((current_password) =>
        backend.sf('delete-user', current_password ? { current_password } : {}),
      );
      setStep(deleted ? 'deleted' : 'idle');
    } catch (error) {
      setFailure(messageOf(error));
      setStep('confirming');
    }
  }

  function finish() {
    void signOut('/');
  }

  return (
    <SettingsCard title="Danger Zone" danger>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          Permanently delete your account and everything you recorded.
        </Text>
        <Button color="red" onClick={() => setStep('confirming')}>
          Delete Account
        </Button>
      </Group>

      <Modal
        opened={(step === 'confirming' || step === 'deleting') && !confirmation.asking}
        onClose={() => step !== 'deleting' && setStep('idle')}
        title="Delete Account"
        closeOnClickOutside={step !== 'deleting'}
        closeOnEscape={step !== 'deleting'}
        withCloseButton={step !== 'deleting'}
        centered
      >
        <Stack gap="md">
          <Text>
            Are you sure? This permanently deletes your account, shelves, reading logs, goals and reviews. It
            cannot be undone.
          </Text>
          {failure && (
            <Alert color="red" title="Delete failed" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setStep('idle')}
              disabled={step === 'deleting'}
              data-autofocus
            >
              Cancel
            </Button>
            <Button color="red" onClick={() => void deleteAccount()} loading={step === 'deleting'}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>

      {confirmation.dialog}

      <Modal opened={step === 'deleted'} onClose={finish} title="Account Deleted" centered>
        <Stack gap="md">
          <Text>Your account has been deleted.</Text>
          <Group justify="flex-end">
            <Button onClick={finish} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsCard>
  );
}
