import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SF_UNEXPECTED_RESPONSE, SfError } from '../../platform/errors';
import { fakeBackend } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

const STRONG = 'Sturdy#Pass1';

async function fillForm(values: Partial<Record<string, string>> = {}, acceptTerms = true) {
  const user = userEvent.setup();
  const v = {
    first: 'Ada',
    last: 'Lovelace',
    username: 'ada',
    email: 'ada@example.test',
    password: STRONG,
    confirm: STRONG,
    ...values,
  };
  await user.type(await screen.findByLabelText(/First name/), v.first);
  if (v.last) await user.type(screen.getByLabelText(/Last name/), v.last);
  await user.type(screen.getByLabelText(/Username/), v.username);
  await user.type(screen.getByLabelText(/Email/), v.email);
  await user.type(screen.getByLabelText(/^Password/), v.password);
  await user.type(screen.getByLabelText(/Confirm password/), v.confirm);
  if (acceptTerms) await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

describe('Sign up', () => {
  it('shows every field, the required marks, and terms links to /terms and /privacy', async () => {
    renderApp('/signup', fakeBackend());
    expect(await screen.findByLabelText(/First name/)).toBeRequired();
    expect(screen.getByLabelText(/Last name/)).not.toBeRequired();
    expect(screen.getByLabelText(/Username/)).toBeRequired();
    expect(screen.getByLabelText(/Email/)).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
    expect(screen.getByLabelText(/Confirm password/)).toBeRequired();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('button', { name: 'Login with Google' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign Up | Shelfwise'));
  });

  it('refuses mismatched passwords, a weak password and unaccepted terms with the spec messages', async () => {
    const backend = fakeBackend();
    renderApp('/signup', backend);
    await fillForm({ password: 'weakpass', confirm: 'different' }, false);
    expect(
      await screen.findByText(
        'Password must be at least 8 characters long and include an uppercase, lowercase, number, and special character.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByText('You must accept the Terms of Service and Privacy Policy.')).toBeInTheDocument();
    expect(backend.sf).not.toHaveBeenCalledWith('register-user', expect.anything());
  });

  it('registers with the trimmed fields and shows the success message', async () => {
    const backend = fakeBackend({
      sf: { 'register-user': () => ({ code: 'confirmation_sent', message: 'Account created!' }) },
    });
    renderApp('/signup', backend);
    await fillForm({ first: ' Ada ', username: 'ada ' });
    expect(
      await screen.findByText(
        'Account created! Please check your email and click the confirmation link to activate your account.',
      ),
    ).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('register-user', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      email: 'ada@example.test',
      password: STRONG,
    });
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it.each([
    {
      code: 'username_taken',
      status: 409,
      error: 'x',
      message: 'Username already exists. Please choose another.',
    },
    {
      code: 'user_already_exists',
      status: 409,
      error: 'x',
      message: 'An account with this email already exists. Please log in instead.',
    },
    {
      code: 'invalid_input',
      status: 400,
      error: 'Enter a valid email address.',
      message: 'Enter a valid email address.',
    },
    {
      code: SF_UNEXPECTED_RESPONSE,
      status: 502,
      error: 'Bad Gateway',
      message: 'Unexpected response: Bad Gateway',
    },
  ])('shows the §8 message for $code', async ({ code, status, error, message }) => {
    const backend = fakeBackend({
      sf: {
        'register-user': () => {
          throw new SfError({ status, code, error });
        },
      },
    });
    renderApp('/signup', backend);
    await fillForm();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
  });

  it('starts Google sign-in and shows the provider message when it fails', async () => {
    const backend = fakeBackend({
      overrides: {
        signInWithGoogle: async () => {
          throw new Error('Unsupported provider: provider is not enabled');
        },
      },
    });
    renderApp('/signup', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Login with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unsupported provider: provider is not enabled',
    );
  });
});
