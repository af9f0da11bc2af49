// What a change queued offline does to the cached answers, so the screens the reader browses next show it
// (the dashboard's progress bar, the book's events) rather than the state before it. Only what follows
// from the reader's own payload is patched; the server's answers replace these when it is back.
import type { CachedAnswer } from '@shared/desktop-bridge';

interface Item {
  edition: { id: string; page_count: number | null };
  event_type: string;
  last_event_at: string;
  current_page: number | null;
  current_percent: number | null;
  percent: number;
}

/** The cached answers a queued progress event changes, each with its new value. */
export function patchesForProgress(event: Record<string, unknown>, cached: CachedAnswer[]): CachedAnswer[] {
  const patched: CachedAnswer[] = [];
  for (const answer of cached) {
    if (answer.name === 'currently-reading') {
      const value = answer.value as { items?: Item[] } | null;
      if (!Array.isArray(value?.items) || !value.items.some((i) => i.edition.id === event.edition_id))
        continue;
      const items = value.items.flatMap((item) => {
        if (item.edition.id !== event.edition_id) return [item];
        // A finished or abandoned book is no longer being read.
        if (event.event_type === 'finish' || event.event_type === 'dnf') return [];
        const page = typeof event.end_page === 'number' ? event.end_page : item.current_page;
        const percentRead = typeof event.end_percent === 'number' ? event.end_percent : null;
        const percent =
          percentRead ??
          (page !== null && item.edition.page_count ? (page / item.edition.page_count) * 100 : item.percent);
        return [
          {
            ...item,
            event_type: String(event.event_type),
            last_event_at: String(event.created_at),
            current_page: percentRead === null ? page : null,
            current_percent: percentRead,
            percent: Math.max(0, Math.min(100, Math.round(percent))),
          },
        ];
      });
      patched.push({ ...answer, value: { ...value, items } });
    } else if (answer.name === 'reading-events') {
      const payload = (answer.payload ?? {}) as {
        work_id?: string;
        edition_id?: string;
        after?: string;
        types?: string[];
      };
      const value = answer.value as { events?: unknown[] } | null;
      const matches =
        !payload.after &&
        (payload.work_id === undefined || payload.work_id === event.work_id) &&
        (payload.edition_id === undefined || payload.edition_id === event.edition_id) &&
        (payload.types === undefined || payload.types.includes(String(event.event_type)));
      if (matches && Array.isArray(value?.events))
        patched.push({ ...answer, value: { ...value, events: [event, ...value.events] } });
    }
  }
  return patched;
}
