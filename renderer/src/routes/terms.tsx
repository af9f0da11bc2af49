import { PRODUCT_NAME } from '@shared/domain/product';
import { TextPage } from '../components/text-page';

const sections = [
  {
    heading: 'Your account',
    body: `You need an account to keep shelves, reading logs, goals and reviews. Keep your password to yourself; you are responsible for what is done with your account. You can delete it at any time from Settings.`,
  },
  {
    heading: 'Your content',
    body: `Reviews, journals and shelves you write stay yours. By making them public (reviews and shelves are public; progress updates unless you mark them private) you let ${PRODUCT_NAME} show them to other readers.`,
  },
  {
    heading: 'Fair use',
    body: `Do not post unlawful, hateful or misleading content, other people's personal data, or spoilers outside the spoiler option. Do not try to break, overload or scrape the service. We may remove content or accounts that break these rules.`,
  },
  {
    heading: 'Book data',
    body: `Catalogue data comes partly from Open Library and may be incomplete or wrong. Admins correct it as they can.`,
  },
  {
    heading: 'No warranty',
    body: `${PRODUCT_NAME} is provided as it is, without warranty. We are not liable for lost data or for decisions you make based on it. We may change these terms; the current version is always on this page.`,
  },
];

export default function Terms() {
  return (
    <TextPage
      title="Terms of Service"
      intro={`By creating an account or using ${PRODUCT_NAME} you agree to these terms.`}
      sections={sections}
    />
  );
}
