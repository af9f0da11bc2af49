import { isValidTimeZone } from '@shared/domain/local-day';

/** The reader's IANA time zone, so "days" are their calendar days; undefined when the browser has none. */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : undefined;
}
