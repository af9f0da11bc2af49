// "A new version is ready: Reload" (issue 29): a quiet note at the foot of the screen once the web app's
// service worker has the next build installed. The reader chooses when to reload, so a page is never half
// one version and half the next, and nothing they are typing is lost to an automatic reload.
import { Button, Group, Paper, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useBackend } from '../platform/backend-context';
import type { AppUpdates } from '../platform/app-updates';

function Prompt({ updates }: { updates: AppUpdates }) {
  const ready = useSyncExternalStore(updates.subscribe, updates.ready, updates.ready);
  if (!ready) return null;
  return (
    <Paper className="update-prompt" shadow="md" withBorder p="sm" radius="md" role="status">
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">A new version is ready:</Text>{' '}
        <Button size="xs" onClick={() => updates.apply()}>
          Reload
        </Button>
      </Group>
    </Paper>
  );
}

/** Nothing on the desktop app, which updates through its own updater. */
export function UpdatePrompt() {
  const { appUpdates } = useBackend();
  return appUpdates ? <Prompt updates={appUpdates} /> : null;
}
