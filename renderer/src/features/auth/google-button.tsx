import { Button } from '@mantine/core';
import { useState } from 'react';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';

/** 'Login with Google': the web leaves for Google and returns to '/'; errors show the provider's message. */
export function GoogleButton({ onError }: { onError: (message: string) => void }) {
  const backend = useBackend();
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      await backend.signInWithGoogle();
    } catch (error) {
      onError(messageOf(error));
      setBusy(false);
    }
  }

  return (
    <Button variant="default" fullWidth loading={busy} onClick={() => void start()}>
      Login with Google
    </Button>
  );
}
