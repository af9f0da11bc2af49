// Proof of presence (shared/api/presence.ts): the server refuses a new password, a new address or deleting
// the account with reauthentication_needed when the sign-in is not recent. Then, and only then, this asks
// for the current password in a dialog and retries the change with it. A wrong password keeps the dialog
// open with the server's message; Cancel (or Escape) gives up without changing anything.
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import {
  CURRENT_PASSWORD_MISMATCH,
  RECENT_SIGN_IN_MINUTES,
  REAUTHENTICATION_NEEDED,
} from '@shared/api/presence';
import { AuthFailure, SfError, messageOf } from '../platform/errors';

const codeOf = (error: unknown): string | null =>
  error instanceof AuthFailure || error instanceof SfError ? error.code : null;
const statusOf = (error: unknown): number | null =>
  error instanceof AuthFailure || error instanceof SfError ? error.status : null;

export const isReauthenticationNeeded = (error: unknown) => codeOf(error) === REAUTHENTICATION_NEEDED;

/** Failures the person can fix in the dialog: a wrong password, or too many tries for now. */
const staysInDialog = (error: unknown) =>
  codeOf(error) === CURRENT_PASSWORD_MISMATCH || isReauthenticationNeeded(error) || statusOf(error) === 429;

/** `action` without proof first; with the current password once the server asks for it. */
type Action<T> = (currentPassword?: string) => Promise<T>;

interface Pending {
  action: Action<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface PasswordConfirmation {
  /**
   * Runs `action`; when the server needs proof of presence, asks for the current password and runs it
   * again with it. Resolves to its result, or to null when the person cancelled.
   */
  run<T>(action: Action<T>): Promise<T | null>;
  /** The dialog; render it once, anywhere in the component. */
  dialog: ReactNode;
  /** Whether the dialog is asking right now (another dialog can step aside meanwhile). */
  asking: boolean;
}

export function usePasswordConfirmation(): PasswordConfirmation {
  const [pending, setPending] = useState<Pending | null>(null);

  async function run<T>(action: Action<T>): Promise<T | null> {
    try {
      return await action();
    } catch (error) {
      if (!isReauthenticationNeeded(error)) throw error;
    }
    return new Promise<T | null>((resolve, reject) => {
      setPending({ action, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  const dialog = (
    <ConfirmPasswordDialog
      pending={pending}
      onClose={() => {
        pending?.resolve(null);
        setPending(null);
      }}
      onDone={() => setPending(null)}
    />
  );
  return { run, dialog, asking: pending !== null };
}

function ConfirmPasswordDialog({
  pending,
  onClose,
  onDone,
}: {
  pending: Pending | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function reset() {
    setPassword('');
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // React events bubble out of the portal: a form around the caller must not submit as well.
    event.stopPropagation();
    if (!pending || busy) return;
    if (!password) {
      setError('Enter your current password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await pending.action(password);
      reset();
      onDone();
      pending.resolve(result);
    } catch (failure) {
      if (staysInDialog(failure)) {
        setError(messageOf(failure));
      } else {
        reset();
        onDone();
        pending.reject(failure);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={pending !== null}
      onClose={() => {
        if (busy) return;
        reset();
        onClose();
      }}
      title="Confirm it’s you"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      centered
    >
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text>For your security, enter your current password to continue.</Text>
          <Text size="sm" c="dimmed">
            If you sign in with Google and have no password, sign out and sign in again, then retry within{' '}
            {RECENT_SIGN_IN_MINUTES} minutes.
          </Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-autofocus
          />
          {error && (
            <Alert color="red" role="alert" py="xs">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                reset();
                onClose();
              }}
              disabled={busy}
            >
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
