// The desktop's server choice as main knows it; null on the web, or while it is being read.
import { useCallback, useEffect, useState } from 'react';
import type { ServerChoiceState } from '@shared/desktop-bridge';
import { useBackend } from '../../platform/backend-context';

export type ServerChoiceRead =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; state: ServerChoiceState };

export function useServerChoice() {
  const client = useBackend().serverChoice;
  const [read, setRead] = useState<ServerChoiceRead>(client ? { status: 'loading' } : { status: 'none' });

  const reload = useCallback(() => {
    if (!client) return () => undefined;
    let live = true;
    client.state().then(
      (state) => live && setRead({ status: 'ready', state }),
      (error: unknown) =>
        live &&
        setRead({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [client]);

  useEffect(() => reload(), [reload]);
  return { client, read, reload };
}
