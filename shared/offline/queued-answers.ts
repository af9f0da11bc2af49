// What main answers a write it queued offline, in the endpoint's own response shape, so the screen goes on
// as after any save. The values are the reader's own (their payload), plus what the cache already knows (an
// edition's title, a built-in shelf's id); the server's real answer replaces them when the change is sent
// and the screens refetch.
import type { CachedAnswer, QueueableEndpointName } from '@shared/desktop-bridge';

interface Context {
  userId: string;
  now: Date;
  cached: CachedAnswer[];
}

/** The answer, or null when the cache knows too little to answer (the write then fails as offline). */
export function queuedAnswer(name: QueueableEndpointName, payload: unknown, context: Context): unknown {
  const p = payload as Record<string, unknown>;
  switch (name) {
    case 'update-reading-log':
    case 'remove-from-shelf':
      return { ok: true };
    case 'add-to-shelf': {
      const shelfId = typeof p.shelf_id === 'string' ? p.shelf_id : builtinShelfId(p.shelf_name, context);
      return shelfId ? { shelf_id: shelfId } : null;
    }
    case 'log-progress-event': {
      const editionId = String(p.edition_id);
      const value = (key: string) => (typeof p[key] === 'number' ? p[key] : null);
      return {
        ok: true,
        event: {
          id: crypto.randomUUID(),
          user_id: context.userId,
          created_at: context.now.toISOString(),
          event_type: p.event_type,
          start_page: value('start_page'),
          end_page: value('end_page'),
          start_percent: value('start_percent'),
          end_percent: value('end_percent'),
          edition_id: editionId,
          work_id: p.work_id,
          journal_md: typeof p.journal_md === 'string' ? p.journal_md : null,
          is_public: p.is_public !== false,
          editions: { id: editionId, title: editionTitle(editionId, context) },
        },
      };
    }
  }
}

function builtinShelfId(name: unknown, context: Context): string | null {
  if (typeof name !== 'string') return null;
  const wanted = name.trim().toLowerCase();
  const shelves = context.cached.find((a) => a.name === 'list-shelves')?.value;
  if (!Array.isArray(shelves)) return null;
  const match = (shelves as { id: string; name: string; slug: string | null }[]).find(
    (s) => s.slug !== null && (s.slug === wanted || s.name.toLowerCase() === wanted),
  );
  return match?.id ?? null;
}

function editionTitle(editionId: string, context: Context): string {
  for (const answer of context.cached) {
    const value = answer.value as { items?: unknown; events?: unknown } | null;
    if (answer.name === 'currently-reading' && Array.isArray(value?.items)) {
      const item = (value.items as { edition: { id: string; title: string } }[]).find(
        (i) => i.edition.id === editionId,
      );
      if (item) return item.edition.title;
    }
    if (answer.name === 'reading-events' && Array.isArray(value?.events)) {
      const event = (value.events as { editions: { id: string; title: string } }[]).find(
        (e) => e.editions.id === editionId,
      );
      if (event) return event.editions.title;
    }
  }
  return '';
}
