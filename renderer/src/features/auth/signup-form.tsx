// Sign up (SPEC.md §2, §5, §8): every field, the spec's checks and messages, then /sf/register-user with
// the anon bearer and the success message; the account waits for its confirmation mail.
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TERMS_REQUIRED_MESSAGE, checkNewPassword } from '@shared/domain/account-validation';
import { useBackend } from '../../platform/backend-context';
import { GoogleButton } from './google-button';
import { signUpErrorMessage } from './signup-errors';

export const SIGN_UP_SUCCESS_MESSAGE =
  'Account created! Please check your email and click the confirmation link to activate your account.';

interface Values {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

interface FieldErrors {
  password?: string;
  confirmPassword?: string;
  acceptTerms?: string;
}

const EMPTY: Values = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

function validate(values: Values): FieldErrors {
  const errors: FieldErrors = checkNewPassword(values.password, values.confirmPassword);
  if (!values.acceptTerms) errors.acceptTerms = TERMS_REQUIRED_MESSAGE;
  return errors;
}

export function SignUpForm() {
  const backend = useBackend();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
    };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await backend.sf('register-user', {
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      setDone(true);
    } catch (error) {
      setFailure(signUpErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <Alert color="teal" title="Check your email" role="status">
        {SIGN_UP_SUCCESS_MESSAGE}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="First name"
              required
              autoComplete="given-name"
              value={values.firstName}
              onChange={(e) => set('firstName')(e.currentTarget.value)}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              value={values.lastName}
              onChange={(e) => set('lastName')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label="Username"
            required
            autoComplete="username"
            value={values.username}
            onChange={(e) => set('username')(e.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            required
            autoComplete="new-password"
            value={values.password}
            error={errors.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm password"
            required
            autoComplete="new-password"
            value={values.confirmPassword}
            error={errors.confirmPassword}
            onChange={(e) => set('confirmPassword')(e.currentTarget.value)}
          />
          <Checkbox
            checked={values.acceptTerms}
            onChange={(e) => set('acceptTerms')(e.currentTarget.checked)}
            error={errors.acceptTerms}
            label={
              <>
                I agree to the{' '}
                <Anchor component={Link} to="/terms" target="_blank" inherit>
                  Terms of Service
                </Anchor>{' '}
                and{' '}
                <Anchor component={Link} to="/privacy" target="_blank" inherit>
                  Privacy Policy
                </Anchor>
              </>
            }
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <GoogleButton onError={setFailure} />
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Log in
        </Anchor>
      </Text>
    </Stack>
  );
}
