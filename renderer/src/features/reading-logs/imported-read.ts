// How Reading Logs name a read an imported file dated (issue 25): one line per read, in words, such as
// 'Read, finished May 1, 2023', instead of an empty progress entry ('Finished · No location'). The file
// gave dates, not pages, so there is no location to show.
import type { ReadingLog } from '@shared/api/reading';
import { formatShortDate } from '../../lib/format-date';

type ImportedLog = Pick<ReadingLog, 'imported' | 'event_type' | 'created_at' | 'read_started_at'>;

/** The line for an imported read, or null for a log the reader kept. */
export function importedReadLine(log: ImportedLog): string | null {
  if (!log.imported) return null;
  const day = formatShortDate(log.created_at);
  switch (log.event_type) {
    case 'finish':
      return `Read, finished ${day}`;
    case 'dnf':
      return `Did not finish, stopped ${day}`;
    case 'start':
      return `Started reading ${day}`;
    case 'pause':
      return `Paused ${day}`;
    default:
      return null;
  }
}

/** When the imported read began, when the file said so: shown beside its line. */
export const importedReadStart = (log: ImportedLog): string | null =>
  log.imported && log.read_started_at ? `Started ${formatShortDate(log.read_started_at)}` : null;
