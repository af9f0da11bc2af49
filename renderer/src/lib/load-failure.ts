// The public pages (shelf, profile, author) take their id from the address bar, so an id that is not even
// a UUID (400 invalid_input) means the same to a visitor as one nobody has (404): there is no such thing.
import { SfError } from '../platform/errors';

export function isNotFound(error: unknown): boolean {
  return error instanceof SfError && (error.status === 404 || error.code === 'invalid_input');
}

/** The server's message for any other failure, or the page's own fallback when it sent none. */
export function loadFailureMessage(error: unknown, fallback: string): string {
  const message = error instanceof SfError ? error.error : error instanceof Error ? error.message : '';
  return message.trim() || fallback;
}
