import { ConfirmationLinkPage } from '../features/auth/confirmation-link-page';

export default function ConfirmSignup() {
  return (
    <ConfirmationLinkPage
      title="Confirm Signup"
      linkLabel="Confirm Email"
      backLabel="Back to signup"
      backTo="/signup"
    />
  );
}
