import { ConfirmationLinkPage } from '../features/auth/confirmation-link-page';

export default function ConfirmReset() {
  return (
    <ConfirmationLinkPage
      title="Confirm Password Reset"
      linkLabel="Reset Password"
      backLabel="Back to login"
      backTo="/login"
    />
  );
}
