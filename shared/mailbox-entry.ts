// One mail in the local mailbox, as GET /dev/mail answers it (newest first): the server writes this shape
// and the tests that read their inbox expect it.

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** The links in the mail, in order, so a test can follow them as a reader would. */
  links: string[];
  created_at: string;
}
