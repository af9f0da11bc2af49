// After 'E-mail me a sign-in link' (issue 31): the mail carries a link and a 6-digit code. This screen says
// so and takes the code, for the desktop app and for readers who read their mail on another device. The
// server answers the same for every address, so the text does not claim the address has an account.
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useBackend } from '../../platform/backend-context';
import { AuthFailure, messageOf } from '../../platform/errors';

export const SIGN_IN_LINK_HEADING = 'Check your email';
export const signInLinkSentMessage = (email: string) =>
  `If ${email} belongs to a Shelfwise account, we sent it a sign-in link and a 6-digit code. ` +
  'Open the link, or enter the code below. Both work once, for 60 minutes.';
export const CODE_SHAPE_MESSAGE = 'Enter the 6-digit code from the email.';
export const WRONG_CODE_MESSAGE =
  'That code is wrong, already used or expired. Check the newest email, or send a new link.';
export const TOO_MANY_CODES_MESSAGE = 'Too many attempts. Please wait a while, or use the link in the email.';
export const NEW_LINK_SENT_MESSAGE = 'A new link and code are on their way. The earlier ones no longer work.';

/** The server's answer to a code, in words that say what to do next. */
function codeFailureMessage(error: unknown): string {
  if (error instanceof AuthFailure && error.code === 'otp_expired') return WRONG_CODE_MESSAGE;
  if (error instanceof AuthFailure && error.code === 'over_request_rate_limit') return TOO_MANY_CODES_MESSAGE;
  return messageOf(error);
}

export function SignInCodeStep({
  email,
  onSignedIn,
  onBack,
}: {
  email: string;
  /** Called once the code started a session (a second factor may still be owed). */
  onSignedIn: () => Promise<void>;
  onBack: () => void;
}) {
  const backend = useBackend();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'code' | 'resend' | null>(null);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setFailure(CODE_SHAPE_MESSAGE);
      return;
    }
    setBusy('code');
    try {
      await backend.signInWithEmailCode(email, typed);
      await onSignedIn();
    } catch (error) {
      setFailure(codeFailureMessage(error));
      setBusy(null);
    }
  }

  async function sendAgain() {
    setFailure(null);
    setNotice(null);
    setBusy('resend');
    try {
      await backend.sendSignInLink(email);
      setCode('');
      setNotice(NEW_LINK_SENT_MESSAGE);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <form onSubmit={(event) => void signIn(event)} aria-labelledby="sign-in-link-heading" noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4" id="sign-in-link-heading">
          {SIGN_IN_LINK_HEADING}
        </Title>
        <Text size="sm">{signInLinkSentMessage(email)}</Text>
        <TextInput
          label="6-digit code"
          required
          autoFocus
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {notice && (
          <Alert color="teal" role="status">
            {notice}
          </Alert>
        )}
        <Button type="submit" loading={busy === 'code'} fullWidth>
          Sign in with the code
        </Button>
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" size="compact-sm" onClick={onBack}>
            Back to login
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            loading={busy === 'resend'}
            onClick={() => void sendAgain()}
          >
            Send a new link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
