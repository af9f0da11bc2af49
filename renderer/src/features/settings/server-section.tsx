// Settings → Server, desktop only (issue 32): which Shelfwise server this app talks to, and changing it.
// Main checks the new address and, for another server, signs the reader out and restarts.
import { Alert, Text } from '@mantine/core';
import { useState } from 'react';
import { ServerChoiceForm } from '../server-choice/server-choice-form';
import { RestartingNotice } from '../server-choice/restarting-notice';
import { useServerChoice } from '../server-choice/use-server-choice';
import { SettingsCard } from './settings-card';

export function ServerSection() {
  const { client, read, reload } = useServerChoice();
  const [restartingOn, setRestartingOn] = useState<string | null>(null);
  if (!client || read.status === 'none') return null;

  let body;
  if (read.status === 'loading') body = <Text c="dimmed">Loading…</Text>;
  else if (read.status === 'failed') body = <Alert color="red">{read.message}</Alert>;
  else if (restartingOn) body = <RestartingNotice serverUrl={restartingOn} />;
  else if (read.state.fixedByEnvironment)
    body = (
      <Text>Shelfwise uses {read.state.serverUrl}, set by SHELFWISE_SERVER_URL when it was started.</Text>
    );
  else
    body = (
      <>
        <Text>Shelfwise uses {read.state.serverUrl}.</Text>
        <ServerChoiceForm
          client={client}
          state={read.state}
          submitLabel="Use this server"
          onChosen={(outcome) => (outcome.restarting ? setRestartingOn(outcome.serverUrl) : reload())}
        />
      </>
    );
  return <SettingsCard title="Server">{body}</SettingsCard>;
}
