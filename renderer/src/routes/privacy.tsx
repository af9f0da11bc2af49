import { PRODUCT_NAME } from '@shared/domain/product';
import { TextPage } from '../components/text-page';

const sections = [
  {
    heading: 'What we keep',
    body: `Your e-mail address, a hash of your password (never the password itself), your name, username and profile picture, and what you record: shelves, reading progress, journals, goals and reviews. If you sign in with Google we receive your name, e-mail address and picture from Google.`,
  },
  {
    heading: 'What others see',
    body: `Your username, name, picture, shelves, public progress and reviews are visible to anyone. Your e-mail address, private progress updates and journals are not.`,
  },
  {
    heading: 'What we do with it',
    body: `We use your data only to run ${PRODUCT_NAME}: to sign you in, to show your reading, and to send the e-mails you ask for (confirmations and password resets). We do not sell it or use it for advertising.`,
  },
  {
    heading: 'Your choices',
    body: `You can change your name, username, e-mail address and picture in Settings at any time. Deleting your account removes your profile and everything you recorded, and takes your reviews out of the ratings.`,
  },
  {
    heading: 'Cookies and storage',
    body: `We keep your sign-in session in your browser's local storage. We use no tracking cookies.`,
  },
];

export default function Privacy() {
  return (
    <TextPage
      title="Privacy Policy"
      intro={`How ${PRODUCT_NAME} handles the personal data you give it.`}
      sections={sections}
    />
  );
}
