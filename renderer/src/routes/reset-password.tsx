import { FormCard } from '../components/form-card';
import { usePageTitle } from '../hooks/use-page-title';
import { ResetPasswordForm } from '../features/auth/reset-password-form';
import { useSession } from '../session/session-context';

export default function ResetPassword() {
  usePageTitle('Reset Password');
  // An expired or spent reset link comes back here with an error instead of a session.
  const { redirectError } = useSession();
  return (
    <FormCard title="Reset password">
      <ResetPasswordForm linkFailed={redirectError !== null} />
    </FormCard>
  );
}
