import { ConfirmationLinkPage } from '../features/auth/confirmation-link-page';

// The page a sign-in link by e-mail opens (issue 31): a click, not the mail, spends the link (see
// ConfirmationLinkPage), so a mail scanner cannot sign anyone in.
export default function ConfirmSignIn() {
  return (
    <ConfirmationLinkPage
      title="Sign In"
      intro="Click the button below to sign in to Shelfwise."
      linkLabel="Sign in"
      backLabel="Back to login"
      backTo="/login"
    />
  );
}
