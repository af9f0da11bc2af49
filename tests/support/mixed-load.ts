// A steady mix of requests against a server process (writes, reads, an auth call), recording every answer
// and every acknowledged write, for tests that take the database away underneath it.
import { sfCall, signUpOverHttp } from './http-reader';

export interface Answer {
  at: number;
  what: 'write' | 'read' | 'search' | 'auth';
  status: number;
  retryAfter: string | null;
  code: unknown;
  /** The socket error when there was no HTTP answer at all (status 0). */
  error?: string;
  /** The event a write created, when it answered 200. */
  eventId?: string;
}

export interface LoadTarget {
  url: string;
  anonKey: string;
  token: string;
  workId: string;
  editionId: string;
}

export interface MixedLoad {
  answers: Answer[];
  /** Ids of events whose write answered 2xx. */
  acknowledged: Set<string>;
  stop(): Promise<void>;
}

export function progressEvent(target: LoadTarget) {
  return {
    work_id: target.workId,
    edition_id: target.editionId,
    event_type: 'progress',
    start_percent: 10,
    end_percent: 20,
  };
}

export async function oneRequest(target: LoadTarget, what: Answer['what']): Promise<Answer> {
  const at = Date.now();
  if (what === 'auth') {
    try {
      const res = await fetch(`${target.url}/auth/v1/user`, {
        headers: {
          apikey: target.anonKey,
          authorization: `Bearer ${target.token}`,
          'x-supabase-api-version': '2024-01-01',
        },
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json()) as { code?: unknown };
      return { at, what, status: res.status, retryAfter: res.headers.get('retry-after'), code: body.code };
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause;
      return { at, what, status: 0, retryAfter: null, code: null, error: cause?.code ?? String(err) };
    }
  }
  const [name, body, token] =
    what === 'write'
      ? ['log-progress-event', progressEvent(target), target.token]
      : what === 'read'
        ? ['reading-events', { edition_id: target.editionId, limit: 5 }, target.token]
        : ['search-works', { query: 'pride' }, target.anonKey];
  const res = await sfCall(target.url, name, body, token);
  return {
    at,
    what,
    status: res.status,
    retryAfter: res.headers?.get('retry-after') ?? null,
    code: res.body?.code,
    error: res.error,
    ...(what === 'write' && res.status === 200 ? { eventId: res.body.event.id as string } : {}),
  };
}

export function startMixedLoad(target: LoadTarget, workers = 6): MixedLoad {
  const answers: Answer[] = [];
  const acknowledged = new Set<string>();
  const kinds: Answer['what'][] = ['write', 'read', 'write', 'search', 'write', 'auth'];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = worker; running; i += 1) {
      const answer = await oneRequest(target, kinds[i % kinds.length]!);
      if (answer.eventId) acknowledged.add(answer.eventId);
      answers.push(answer);
      // A refused request comes back at once; pace the loop so an outage is not a busy spin.
      if (answer.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    answers,
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Every event id of the reader on the edition, paging reading-events to the end. */
export async function storedEventIds(target: LoadTarget): Promise<Set<string>> {
  const ids = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const page = await sfCall(
      target.url,
      'reading-events',
      { edition_id: target.editionId, limit: 100, ...(after ? { after } : {}) },
      target.token,
    );
    if (page.status !== 200) throw new Error(`reading-events answered ${page.status}`);
    for (const event of page.body.events as { id: string }[]) ids.add(event.id);
    after = page.body.next_cursor ?? undefined;
    if (!after) return ids;
  }
}

/** The reader's target edition: the demo catalogue's Pride and Prejudice. */
export async function findEdition(
  url: string,
  anonKey: string,
): Promise<{ workId: string; editionId: string }> {
  const found = await sfCall(url, 'search-works', { query: 'pride and prejudice' }, anonKey);
  const workId = found.body?.results?.[0]?.work_id as string | undefined;
  if (!workId) throw new Error(`search-works found nothing: ${JSON.stringify(found)}`);
  const editions = await sfCall(url, 'work-editions', { work_id: workId }, anonKey);
  const editionId = (editions.body?.primary_edition_id ?? editions.body?.editions?.[0]?.id) as string;
  return { workId, editionId };
}

/** A new reader (signed up over HTTP) who has started the target edition, so progress can be logged on it. */
export async function readerOnStartedBook(url: string, anonKey: string): Promise<LoadTarget> {
  const reader = await signUpOverHttp(url, anonKey);
  const target: LoadTarget = { url, anonKey, token: reader.token, ...(await findEdition(url, anonKey)) };
  const started = await sfCall(
    url,
    'log-progress-event',
    { work_id: target.workId, edition_id: target.editionId, event_type: 'start' },
    reader.token,
  );
  if (started.status !== 200) throw new Error(`starting the book failed: ${JSON.stringify(started)}`);
  return target;
}
