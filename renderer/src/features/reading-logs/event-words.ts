// What each reading event is called in the Reading Logs list. Without it a start and a progress at the same
// place read the same ('Pages 1-1' again and again, issue 17); with it a reader sees what each log records.
import type { ReadingEventType } from '@shared/domain/reading-state';

export const EVENT_WORDS: Record<ReadingEventType, string> = {
  start: 'Started',
  progress: 'Progress',
  pause: 'Paused',
  resume: 'Resumed',
  finish: 'Finished',
  dnf: 'Did not finish',
};
