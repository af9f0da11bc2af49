// The reader's own IANA zone, which decides what "today" and "this year" mean for the streak and goals.
import { isValidTimeZone } from '@shared/domain/local-day';

export function readerTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // Some embedded browsers report nothing or a zone the server's Intl does not know; UTC is then the
  // least surprising day boundary.
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}
