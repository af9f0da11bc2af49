import type { ReadingLog } from '@shared/api/reading';

/** A log's heading: its edition's title, or 'Unknown Edition' (SPEC.md §2 "Reading Logs"). */
export const editionTitle = (log: Pick<ReadingLog, 'editions'>): string =>
  log.editions?.title?.trim() || 'Unknown Edition';
