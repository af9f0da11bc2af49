// The second step of signing in (issue 31): after the password, an account with two-step sign-in asks for
// the 6-digit code from the reader's authenticator app before anything opens, or one of the recovery codes
// when the app is lost. Cancel signs out again.
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';

export const SECOND_FACTOR_HEADING = 'Two-step sign-in';
export const SECOND_FACTOR_PROMPT = 'Enter the 6-digit code from your authenticator app.';
export const RECOVERY_CODE_PROMPT = 'Enter one of your recovery codes. Each code works once.';
/** Ten characters, a dash, and room for stray spaces. */
const RECOVERY_CODE_INPUT_MAX = 16;

export function SecondFactorForm({
  factorId,
  onVerified,
  onCancel,
}: {
  factorId: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const backend = useBackend();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);

  async function verify(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await backend.verifyTotp(factorId, code.trim());
      onVerified();
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void verify(event)} aria-labelledby="second-factor-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="second-factor-heading">
          {SECOND_FACTOR_HEADING}
        </Title>
        <Text size="sm">{useRecoveryCode ? RECOVERY_CODE_PROMPT : SECOND_FACTOR_PROMPT}</Text>
        <TextInput
          // A new field for the other kind of code: its label, keyboard and length all change.
          key={useRecoveryCode ? 'recovery' : 'totp'}
          label={useRecoveryCode ? 'Recovery code' : 'Authentication code'}
          required
          autoFocus
          autoComplete={useRecoveryCode ? 'off' : 'one-time-code'}
          inputMode={useRecoveryCode ? 'text' : 'numeric'}
          maxLength={useRecoveryCode ? RECOVERY_CODE_INPUT_MAX : 6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setUseRecoveryCode(!useRecoveryCode);
            setCode('');
            setFailure(null);
          }}
        >
          {useRecoveryCode ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </Button>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
