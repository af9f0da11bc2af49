// Reset password (SPEC.md §2, §5): reached from the reset mail with a recovery session; the same rules as
// sign up; 'Password updated!' then /settings; any failure is 'Your link may have expired...'. A reset
// session older than a few minutes needs the current password as well (proof of presence), asked for in a
// dialog only then.
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkNewPassword } from '@shared/domain/account-validation';
import type { NewPasswordErrors } from '@shared/domain/account-validation';
import { usePasswordConfirmation } from '../../components/confirm-password-dialog';
import { useBackend } from '../../platform/backend-context';

export const PASSWORD_UPDATED_MESSAGE = 'Password updated!';
export const LINK_EXPIRED_MESSAGE = 'Your link may have expired. Please try again.';
/** Long enough to read the success message before /settings opens. */
export const AFTER_UPDATE_DELAY_MS = 1500;

export function ResetPasswordForm({ linkFailed = false }: { linkFailed?: boolean }) {
  const backend = useBackend();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [failed, setFailed] = useState(false);
  // A failed link is reported until the visitor tries anyway (the session may still be good).
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [updated, setUpdated] = useState(false);
  const confirmation = usePasswordConfirmation();

  useEffect(() => {
    if (!updated) return;
    const timer = window.setTimeout(() => void navigate('/settings'), AFTER_UPDATE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [updated, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkNewPassword(password, confirmPassword);
    setErrors(found);
    setFailed(false);
    setTried(true);
    if (found.password || found.confirmPassword) return;
    setBusy(true);
    try {
      const changed = await confirmation.run((current_password) =>
        backend.updateUser(current_password ? { password, current_password } : { password }),
      );
      if (changed !== null) setUpdated(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  if (updated) {
    return (
      <Alert color="teal" role="status">
        {PASSWORD_UPDATED_MESSAGE}
      </Alert>
    );
  }

  return (
    <>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            required
            autoComplete="new-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm new password"
            required
            autoComplete="new-password"
            value={confirmPassword}
            error={errors.confirmPassword}
            onChange={(e) => setConfirmPassword(e.currentTarget.value)}
          />
          {(failed || (linkFailed && !tried)) && (
            <Alert color="red" role="alert">
              {LINK_EXPIRED_MESSAGE}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth>
            Set new password
          </Button>
        </Stack>
      </form>
      {confirmation.dialog}
    </>
  );
}
