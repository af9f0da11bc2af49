import { Button } from '@mantine/core';
import { useState } from 'react';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';

/**
 * 'Login with Google': the web leaves for Google and returns to '/'; the desktop app stays on this page while
 * the system browser does the sign-in, so the button is free again at once. Errors show the provider's message.
 */
export function GoogleButton({ onError }: { onError: (message: string) => void }) {
  const backend = useBackend();
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      await backend.signInWithGoogle();
      // A reader who abandons the browser must be able to try again.
      if (backend.kind === 'desktop') setBusy(false);
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
