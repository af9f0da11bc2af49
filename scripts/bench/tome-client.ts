// The calls of masonfox/tome (started separately, never part of this repository) that issue 19's side by
// side needs: timed loads of one call, the seeded shelf and the books being read, and the undoing of the
// progress the benchmark logged, so every round starts from the same reader. Tome runs single-user without
// AUTH_PASSWORD, so its calls carry no credentials.
import type { Measurement } from './load';
import { loadHttp } from './load';

/** One Tome request; `i` counts the requests of a run, as Shelfwise's scenarios do. */
export interface TomeCall {
  method: 'GET' | 'POST';
  path: (i: number) => string;
  body?: (i: number) => unknown;
}

/** `connections` clients sending `call` back to back for `seconds`; only 2xx answers are timed. */
export function loadTome(
  base: string,
  call: TomeCall,
  connections: number,
  seconds: number,
): Promise<Measurement> {
  return loadHttp(base, connections, seconds, (n) => {
    const body = call.body?.(n);
    return {
      method: call.method,
      path: call.path(n),
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    };
  });
}

async function tomeJson<T>(base: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`Tome ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The seeded shelf's id (seeded by name, like the Shelfwise one), after checking it holds `size` books. */
export async function tomeShelfId(base: string, name: string, size: number): Promise<number> {
  const { data } = await tomeJson<{ data: { id: number; name: string; bookCount?: number }[] }>(
    base,
    '/api/shelves?withCounts=true',
  );
  const shelf = data.find((s) => s.name === name);
  if (!shelf) throw new Error(`Tome has no shelf named "${name}"; seed it first`);
  if (shelf.bookCount !== undefined && shelf.bookCount !== size) {
    throw new Error(`Tome's "${name}" holds ${shelf.bookCount} books, not ${size}`);
  }
  return shelf.id;
}

/** A book Tome has in its 'reading' status: its id, the furthest page logged and its last page. */
export interface TomeBookBeingRead {
  bookId: number;
  page: number;
  totalPages: number;
  /** Progress log ids of the active session before the benchmark, kept when undoing. */
  seededLogs: Set<number>;
}

interface TomeProgressLog {
  id: number;
  currentPage: number;
}

async function activeSessionLogs(base: string, bookId: number): Promise<TomeProgressLog[]> {
  return tomeJson<TomeProgressLog[]>(base, `/api/books/${bookId}/progress`);
}

/** Up to `count` books being read, the ones with the most pages left first (as booksBeingRead does). */
export async function tomeBooksBeingRead(base: string, count: number): Promise<TomeBookBeingRead[]> {
  const { books } = await tomeJson<{ books: { id: number; totalPages: number | null }[] }>(
    base,
    '/api/books?status=reading&limit=1000',
  );
  const found: TomeBookBeingRead[] = [];
  for (const book of books) {
    if (!book.totalPages) continue;
    const logs = await activeSessionLogs(base, book.id);
    const page = Math.max(1, ...logs.map((l) => l.currentPage));
    found.push({
      bookId: book.id,
      page,
      totalPages: book.totalPages,
      seededLogs: new Set(logs.map((l) => l.id)),
    });
  }
  return found.sort((a, b) => b.totalPages - b.page - (a.totalPages - a.page)).slice(0, count);
}

/**
 * Tome's counterpart of heavyReaderProgressScenario: request i logs the next page of book i mod n. It stops
 * one page short of the end, because a log at 100 % finishes the book in Tome and the next log is refused.
 */
export function tomeProgressCall(books: TomeBookBeingRead[]): TomeCall {
  const at = (i: number) => books[i % books.length] as TomeBookBeingRead;
  return {
    method: 'POST',
    path: (i) => `/api/books/${at(i).bookId}/progress`,
    body: (i) => {
      const book = at(i);
      return { currentPage: Math.min(book.totalPages - 1, book.page + Math.floor(i / books.length) + 1) };
    },
  };
}

/** Deletes every progress log the benchmark added to the books' active sessions; answers how many. */
export async function undoTomeProgress(base: string, books: TomeBookBeingRead[]): Promise<number> {
  let undone = 0;
  for (const book of books) {
    const added = (await activeSessionLogs(base, book.bookId)).filter((l) => !book.seededLogs.has(l.id));
    for (const log of added) {
      await tomeJson(base, `/api/books/${book.bookId}/progress/${log.id}`, { method: 'DELETE' });
      undone++;
    }
  }
  return undone;
}
