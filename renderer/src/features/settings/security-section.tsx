// Security: 'Reset Password' mails a reset link to the signed-in user's address (the same mail as
// 'Forgot password?'); the link leads to /reset-password.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';
import { SettingsCard } from './settings-card';

export const RESET_MAIL_SENT_MESSAGE = 'Check your email for a link to reset your password.';

export function SecuritySection({ email }: { email: string | null }) {
  const backend = useBackend();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function sendReset() {
    if (!email) return;
    setBusy(true);
    setResult(null);
    try {
      await backend.resetPasswordForEmail(email);
      setResult({ ok: true, message: RESET_MAIL_SENT_MESSAGE });
    } catch (error) {
      setResult({ ok: false, message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard title="Security">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          We will email you a link to choose a new password.
        </Text>
        <Button variant="light" onClick={() => void sendReset()} loading={busy} disabled={!email}>
          Reset Password
        </Button>
      </Group>
      {result && (
        <Alert color={result.ok ? 'teal' : 'red'} role={result.ok ? 'status' : 'alert'}>
          {result.message}
        </Alert>
      )}
    </SettingsCard>
  );
}
