// Settings "Two-step sign-in" (issue 31): add an authenticator app (QR code, or the key typed by hand),
// confirm it with a first code, and turn it off again with a current code. Signing in then asks for a code
// after the password; admin tools need it.
import { Alert, Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { TotpEnrollment } from '../../platform/backend';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';
import { SettingsCard } from '../settings/settings-card';
import { useTwoStep } from './two-step-query';

export const TWO_STEP_TITLE = 'Two-step sign-in';
export const TWO_STEP_OFF_TEXT =
  'Protect your account with a code from an authenticator app each time you sign in.';
export const TWO_STEP_ON_TEXT =
  'Two-step sign-in is on. Signing in asks for a code from your authenticator app.';
export const TWO_STEP_ENABLED_MESSAGE = 'Two-step sign-in is now on.';
export const TWO_STEP_DISABLED_MESSAGE = 'Two-step sign-in is now off.';

function CodeForm({
  label,
  submit,
  onSubmit,
  color,
}: {
  label: string;
  submit: string;
  onSubmit: (code: string) => Promise<void>;
  color?: string;
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
    } catch (error) {
      setFailure(messageOf(error));
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
            inputMode="numeric"
            maxLength={6}
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

export function TwoStepSection() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const twoStep = useTwoStep();
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [starting, setStarting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const verified = twoStep.data?.factors.find((f) => f.verified) ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['two-step'] });

  async function start() {
    setStarting(true);
    setResult(null);
    try {
      setEnrollment(await backend.enrollTotp());
    } catch (error) {
      setResult({ ok: false, message: messageOf(error) });
    } finally {
      setStarting(false);
    }
  }

  async function confirm(code: string) {
    if (!enrollment) return;
    await backend.verifyTotp(enrollment.factorId, code);
    setEnrollment(null);
    setResult({ ok: true, message: TWO_STEP_ENABLED_MESSAGE });
    await refresh();
  }

  async function turnOff(code: string) {
    if (!verified) return;
    // A current code proves the app is at hand, even in a session that passed it earlier.
    await backend.verifyTotp(verified.id, code);
    await backend.unenrollFactor(verified.id);
    setResult({ ok: true, message: TWO_STEP_DISABLED_MESSAGE });
    await refresh();
  }

  let body;
  if (twoStep.isError) {
    body = (
      <Alert color="red" role="alert">
        {messageOf(twoStep.error)}
      </Alert>
    );
  } else if (!twoStep.data) {
    body = <Text size="sm">Loading…</Text>;
  } else if (verified) {
    body = (
      <>
        <Text size="sm">{TWO_STEP_ON_TEXT}</Text>
        <CodeForm label="Current code" submit="Turn off two-step sign-in" color="red" onSubmit={turnOff} />
      </>
    );
  } else if (enrollment) {
    body = (
      <>
        <Text size="sm">
          Scan this QR code with your authenticator app, then enter the 6-digit code it shows.
        </Text>
        <Image
          src={enrollment.qrCode}
          alt="QR code for your authenticator app"
          w={180}
          h={180}
          bg="white"
          radius="sm"
        />
        <Text size="sm">
          Or enter this key by hand: <Code style={{ wordBreak: 'break-all' }}>{enrollment.secret}</Code>
        </Text>
        <CodeForm label="Code from the app" submit="Confirm" onSubmit={confirm} />
      </>
    );
  } else {
    body = (
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          {TWO_STEP_OFF_TEXT}
        </Text>
        <Button variant="light" onClick={() => void start()} loading={starting}>
          Turn on two-step sign-in
        </Button>
      </Group>
    );
  }

  return (
    <div id="two-step">
      <SettingsCard title={TWO_STEP_TITLE}>
        {body}
        {result && (
          <Alert color={result.ok ? 'teal' : 'red'} role={result.ok ? 'status' : 'alert'}>
            {result.message}
          </Alert>
        )}
      </SettingsCard>
    </div>
  );
}
