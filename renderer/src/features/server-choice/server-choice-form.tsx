// Desktop only (issue 32): "Use Shelfwise at …" the build's server, or a self-hosted one. Main checks the
// address (https, or http on this computer; it must answer as a Shelfwise server) and says what is wrong in
// words for the reader; this form only shows it. Used by the first run and by Settings → Server.
import { Alert, Button, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { ServerChoiceOutcome, ServerChoiceState } from '@shared/desktop-bridge';
import type { ServerChoiceClient } from '../../platform/backend';

type Which = 'default' | 'own';

export function ServerChoiceForm({
  client,
  state,
  submitLabel,
  onChosen,
}: {
  client: ServerChoiceClient;
  state: ServerChoiceState;
  submitLabel: string;
  /** The choice passed main's checks; `restarting`: another server, the app is starting again on it. */
  onChosen: (outcome: Extract<ServerChoiceOutcome, { ok: true }>) => void;
}) {
  const onOwnServer = state.chosen && state.serverUrl !== state.defaultServerUrl;
  const [which, setWhich] = useState<Which>(onOwnServer ? 'own' : 'default');
  const [address, setAddress] = useState(onOwnServer ? state.serverUrl : '');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setChecking(true);
    try {
      const outcome = await client.choose(which === 'default' ? state.defaultServerUrl : address);
      if (outcome.ok) onChosen(outcome);
      else setError(outcome.message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setChecking(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Radio.Group
          value={which}
          onChange={(value) => {
            setWhich(value as Which);
            setError(null);
          }}
          label="Server"
        >
          <Stack gap="xs" mt="xs">
            <Radio value="default" label={`Use Shelfwise at ${state.defaultServerUrl}`} />
            <Radio value="own" label="Use a self-hosted server" />
          </Stack>
        </Radio.Group>
        {which === 'own' && (
          <TextInput
            label="Server address"
            description="https, or http only for a server on this computer."
            placeholder="https://shelfwise.example.org"
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            autoComplete="url"
            spellCheck={false}
            required
            aria-describedby={error ? errorId : undefined}
          />
        )}
        {error && (
          <Alert color="red" role="alert" id={errorId}>
            {error}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Changing the server signs you out here and restarts Shelfwise.
        </Text>
        <Button type="submit" loading={checking} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
