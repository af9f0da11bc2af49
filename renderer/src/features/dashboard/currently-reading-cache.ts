// After an event is logged the dashboard updates its Currently Reading list in place (SPEC.md §4: "On
// success updates the card locally"), with the same progress rule the server uses, instead of asking for
// the whole list again.
import type { CurrentlyReadingItem, ReadingEvent } from '@shared/api/reading';
import { currentProgress, hasLocation } from '@shared/domain/progress';
import { isInProgress } from '@shared/domain/reading-state';

export function applyLoggedEvent(
  items: readonly CurrentlyReadingItem[],
  event: ReadingEvent,
): CurrentlyReadingItem[] {
  const item = items.find((i) => i.edition.id === event.edition_id);
  const others = items.filter((i) => i.edition.id !== event.edition_id);
  // A finish or DNF ends the reading, so the card leaves.
  if (!item || !isInProgress(event.event_type)) return others;
  // Pause and resume usually carry no location of their own; the last one stays in force.
  const progress = hasLocation(event) ? currentProgress(event, item.edition.page_count) : null;
  const updated: CurrentlyReadingItem = {
    ...item,
    event_type: event.event_type,
    last_event_at: event.created_at,
    ...(progress && {
      current_page: progress.page,
      current_percent: progress.exact_percent,
      percent: progress.percent,
    }),
  };
  // Newest first, as the server lists them.
  return [updated, ...others];
}
