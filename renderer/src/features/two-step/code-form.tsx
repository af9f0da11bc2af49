// One code field with its button and its error: an authenticator code (6 digits), or, where a recovery code
// also serves (turning two-step sign-in off), either kind.
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { messageOf } from '../../platform/errors';

/** Longest recovery code as typed: ten characters with a dash and a little room for spaces. */
const RECOVERY_CODE_INPUT_MAX = 16;

export function CodeForm({
  label,
  submit,
  onSubmit,
  color,
  acceptsRecoveryCode = false,
}: {
  label: string;
  submit: string;
  onSubmit: (code: string) => Promise<void>;
  color?: string;
  acceptsRecoveryCode?: boolean;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(code.trim());
      setCode('');
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(event) => void send(event)}>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={label}
            required
            autoComplete="one-time-code"
            inputMode={acceptsRecoveryCode ? 'text' : 'numeric'}
            maxLength={acceptsRecoveryCode ? RECOVERY_CODE_INPUT_MAX : 6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} color={color}>
            {submit}
          </Button>
        </Group>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
