// Desktop only: the reader turns native notifications (a reading goal reached, an import finished, and the
// kinds of notification chosen beside it) on or off. They are off until turned on; Electron main keeps the
// choice, so no page can turn them on by itself. Shown inside Settings → Notifications.
import { Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useBackend } from '../../platform/backend-context';

export function DesktopNotificationsSwitch() {
  const backend = useBackend();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const read = backend.notificationsEnabled;

  useEffect(() => {
    if (!read) return;
    let live = true;
    read().then(
      (value) => live && setEnabled(value),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [read]);

  if (!read || !backend.setNotificationsEnabled) return null;
  const change = (next: boolean) => {
    setEnabled(next);
    backend.setNotificationsEnabled?.(next).then(setEnabled, (error: unknown) => {
      setEnabled(!next);
      setFailed(error instanceof Error ? error.message : String(error));
    });
  };

  return (
    <>
      <Switch
        label="Desktop notifications"
        description="Shown by your computer: the kinds chosen above, a reading goal reached, an import finished."
        checked={enabled ?? false}
        disabled={enabled === null}
        onChange={(event) => change(event.currentTarget.checked)}
      />
      {failed && (
        <Text size="sm" c="red.7" role="alert">
          {failed}
        </Text>
      )}
    </>
  );
}
