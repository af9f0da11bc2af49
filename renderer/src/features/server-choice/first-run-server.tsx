// Desktop only: before anything else, a first run asks which server to use (issue 32), with the build's
// server offered first. Once chosen (or when the environment fixes the server) the app shows as usual.
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { PageLoader } from '../../components/page-loader';
import { ServerChoiceForm } from './server-choice-form';
import { RestartingNotice } from './restarting-notice';
import { useServerChoice } from './use-server-choice';

export function FirstRunServer({ children }: { children: ReactNode }) {
  const { client, read, reload } = useServerChoice();
  const [restartingOn, setRestartingOn] = useState<string | null>(null);

  // The web, a main that cannot answer, or a server already chosen: nothing to ask.
  if (!client || read.status === 'none' || read.status === 'failed') return children;
  if (read.status === 'loading') return <PageLoader />;
  if (read.state.chosen && !restartingOn) return children;

  return (
    <Container size="xs" py="xl" px="md" component="main">
      <Paper withBorder p={{ base: 'md', xs: 'lg' }}>
        <Stack gap="md">
          <Title order={1}>Welcome to Shelfwise</Title>
          {restartingOn ? (
            <RestartingNotice serverUrl={restartingOn} />
          ) : (
            <>
              <Text>Choose the Shelfwise server you read with. You can change it later in Settings.</Text>
              <ServerChoiceForm
                client={client}
                state={read.state}
                submitLabel="Continue"
                onChosen={(outcome) => (outcome.restarting ? setRestartingOn(outcome.serverUrl) : reload())}
              />
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
