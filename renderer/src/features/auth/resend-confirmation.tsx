// 'Send the link again' on the login screen once the server said 'Email not confirmed': a new confirmation
// mail (the old link stops working). The server answers the same for every address, so the confirmation
// text does not claim a mail went out; only its rate limit is refused, with the provider's message (§8).
import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';

export const CONFIRMATION_RESENT_MESSAGE =
  'If this address is waiting for confirmation, a new link is on its way. Please check your email.';

export function ResendConfirmation({ email }: { email: string }) {
  const backend = useBackend();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ sent: boolean; message: string } | null>(null);

  async function resend() {
    setBusy(true);
    setOutcome(null);
    try {
      await backend.resendConfirmation(email);
      setOutcome({ sent: true, message: CONFIRMATION_RESENT_MESSAGE });
    } catch (error) {
      setOutcome({ sent: false, message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs">
      <Button variant="light" loading={busy} onClick={() => void resend()}>
        Send the link again
      </Button>
      {outcome && (
        <Alert color={outcome.sent ? 'teal' : 'red'} role={outcome.sent ? 'status' : 'alert'}>
          {outcome.message}
        </Alert>
      )}
    </Stack>
  );
}
