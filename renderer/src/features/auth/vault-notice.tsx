// Desktop only (issue 32): on a computer whose vault lives in memory (no OS keyring), the session and the
// offline queue end when the app quits. The reader is told before they sign in, not after they lose work.
import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useBackend } from '../../platform/backend-context';

export const VAULT_NOT_KEPT_MESSAGE =
  "This computer can't keep you signed in or keep offline changes after you quit";

export function VaultNotice() {
  const read = useBackend().keepsSignIn;
  const [keeps, setKeeps] = useState<boolean | null>(null);

  useEffect(() => {
    if (!read) return;
    let live = true;
    // Main could not say: no notice, rather than a warning that may be wrong.
    read().then(
      (value) => live && setKeeps(value),
      () => live && setKeeps(null),
    );
    return () => {
      live = false;
    };
  }, [read]);

  if (keeps !== false) return null;
  return (
    <Alert color="yellow" role="note">
      {VAULT_NOT_KEPT_MESSAGE}.
    </Alert>
  );
}
