import { ConfirmationLinkPage } from '../features/auth/confirmation-link-page';

export default function ChangeEmail() {
  return (
    <ConfirmationLinkPage
      title="Change Email"
      intro="Click the button below to confirm your new email."
      linkLabel="Confirm Email"
      backLabel="Back to settings"
      backTo="/settings"
    />
  );
}
