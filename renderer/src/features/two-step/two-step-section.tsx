// Settings "Two-step sign-in" (issue 31): add an authenticator app (QR code, or the key typed by hand),
// confirm it with a first code, keep the recovery codes that come with it, and turn it off again with a
// current code or a recovery code. Signing in then asks for a code after the password; admin tools need it.
import { Alert, Button, Code, Divider, Group, Image, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TotpEnrollment } from '../../platform/backend';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';
import { SettingsCard } from '../settings/settings-card';
import { CodeForm } from './code-form';
import { RecoveryCodesList } from './recovery-codes-list';
import { RecoveryCodesSection } from './recovery-codes-section';
import { useTwoStep } from './two-step-query';

export const TWO_STEP_TITLE = 'Two-step sign-in';
export const TWO_STEP_OFF_TEXT =
  'Protect your account with a code from an authenticator app each time you sign in.';
export const TWO_STEP_ON_TEXT =
  'Two-step sign-in is on. Signing in asks for a code from your authenticator app.';
export const TWO_STEP_ENABLED_MESSAGE = 'Two-step sign-in is now on.';
export const TWO_STEP_DISABLED_MESSAGE = 'Two-step sign-in is now off.';

export function TwoStepSection() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const twoStep = useTwoStep();
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [starting, setStarting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
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
    const proof = await backend.verifyTotp(enrollment.factorId, code);
    setEnrollment(null);
    setRecoveryCodes(proof.recoveryCodes);
    setResult({ ok: true, message: TWO_STEP_ENABLED_MESSAGE });
    await refresh();
  }

  async function turnOff(code: string) {
    if (!verified) return;
    // A current code (or a recovery code, when the app is lost) proves presence, even in a session that
    // passed the second step earlier.
    await backend.verifyTotp(verified.id, code);
    setRecoveryCodes(null);
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
        {recoveryCodes && <RecoveryCodesList codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />}
        <RecoveryCodesSection factorId={verified.id} onNewCodes={setRecoveryCodes} />
        <Divider />
        <CodeForm
          label="Current code or recovery code"
          submit="Turn off two-step sign-in"
          color="red"
          acceptsRecoveryCode
          onSubmit={turnOff}
        />
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
