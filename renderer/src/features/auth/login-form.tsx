// Log in (SPEC.md §2): e-mail and password, then '/'; 'Forgot password?' sends the reset mail to the
// address typed; Login with Google; errors are the provider's message (§8). 'Email not confirmed' offers a
// new confirmation link for the address typed. 'E-mail me a sign-in link' mails a link and a code to the
// address typed and then takes the code (issue 31). An account with two-step sign-in then asks for its
// code before going on, whichever way the reader signed in.
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useBackend } from '../../platform/backend-context';
import { AuthFailure, messageOf } from '../../platform/errors';
import { SecondFactorForm } from '../two-step/second-factor-form';
import { GoogleButton } from './google-button';
import { ResendConfirmation } from './resend-confirmation';
import { SignInCodeStep } from './sign-in-code-step';
import { VaultNotice } from './vault-notice';

export const ENTER_EMAIL_FIRST_MESSAGE = 'Enter your email address first.';
export const RESET_MAIL_SENT_MESSAGE = 'Check your email for a link to reset your password.';
export const SIGN_IN_LINK_BUTTON = 'E-mail me a sign-in link';

export function LoginForm() {
  const backend = useBackend();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  /** The address the server said is not confirmed yet, for 'Send the link again'. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'login' | 'reset' | 'link' | null>(null);
  /** The address a sign-in link was asked for: the screen then takes the mail's code. */
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  /** The verified factor whose code the session still owes, once the password passed. */
  const [owedFactor, setOwedFactor] = useState<string | null>(null);
  const queryClient = useQueryClient();

  function finish() {
    // Answers fetched while the session still owed its code were refusals: fetch them again.
    void queryClient.invalidateQueries();
    void navigate('/', { replace: true });
  }

  /** After a password or an e-mail code: the second factor's code when one is owed, else on to '/'. */
  async function continueSignIn() {
    const step = await backend.twoStep();
    const owed = step.currentLevel === 'aal1' && step.nextLevel === 'aal2';
    const factor = step.factors.find((f) => f.verified);
    if (owed && factor) {
      setOwedFactor(factor.id);
      setBusy(null);
      return;
    }
    finish();
  }

  async function logIn(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    setUnconfirmed(null);
    setBusy('login');
    try {
      await backend.signInWithPassword(email.trim(), password);
      await continueSignIn();
    } catch (error) {
      setFailure(messageOf(error));
      if (error instanceof AuthFailure && error.code === 'email_not_confirmed') setUnconfirmed(email.trim());
      setBusy(null);
    }
  }

  async function sendReset() {
    setFailure(null);
    setNotice(null);
    if (!email.trim()) {
      setFailure(ENTER_EMAIL_FIRST_MESSAGE);
      return;
    }
    setBusy('reset');
    try {
      await backend.resetPasswordForEmail(email.trim());
      setNotice(RESET_MAIL_SENT_MESSAGE);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(null);
    }
  }

  async function sendSignInLink() {
    setFailure(null);
    setNotice(null);
    setUnconfirmed(null);
    const address = email.trim();
    if (!address) {
      setFailure(ENTER_EMAIL_FIRST_MESSAGE);
      return;
    }
    setBusy('link');
    try {
      await backend.sendSignInLink(address);
      setLinkSentTo(address);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(null);
    }
  }

  if (owedFactor) {
    return (
      <SecondFactorForm
        factorId={owedFactor}
        onVerified={finish}
        onCancel={() => {
          setOwedFactor(null);
          setLinkSentTo(null);
          setPassword('');
          void backend.signOut();
        }}
      />
    );
  }

  if (linkSentTo) {
    return (
      <SignInCodeStep email={linkSentTo} onSignedIn={continueSignIn} onBack={() => setLinkSentTo(null)} />
    );
  }

  return (
    <Stack gap="md">
      <VaultNotice />
      <form onSubmit={(event) => void logIn(event)}>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="space-between" gap="xs">
            <Button
              variant="subtle"
              size="compact-sm"
              loading={busy === 'link'}
              onClick={() => void sendSignInLink()}
            >
              {SIGN_IN_LINK_BUTTON}
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              loading={busy === 'reset'}
              onClick={() => void sendReset()}
            >
              Forgot password?
            </Button>
          </Group>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {unconfirmed && <ResendConfirmation key={unconfirmed} email={unconfirmed} />}
          {notice && (
            <Alert color="teal" role="status">
              {notice}
            </Alert>
          )}
          <Button type="submit" loading={busy === 'login'} fullWidth>
            Log in
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <GoogleButton onError={setFailure} />
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/signup">
          No account? Sign up
        </Anchor>
      </Text>
    </Stack>
  );
}
