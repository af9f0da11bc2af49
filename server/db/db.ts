// One small interface over embedded PGlite and PostgreSQL (pg). Parameterised SQL only; both drivers are
// set up to return the same JS types (see types.ts) so nothing above this layer knows which one it has.

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a multi-statement script without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL's pool: connections open, idle, and callers waiting (for /metrics). PGlite has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * LISTENs on `channel` on a connection of its own: onMessage gets each payload, in commit order; onLost is
   * called once if that connection fails (nothing more arrives then; listen again). Optional, so a Db
   * without it simply has no cache invalidation (server/cache).
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onLost: (reason: unknown) => void,
  ): Promise<Listener>;
}

export interface Listener {
  /** Resolves once every notification committed before the call has been passed to onMessage. */
  sync(): Promise<void>;
  /** Stops listening; onLost is not called for it. */
  close(): Promise<void>;
}

export async function one<T>(q: Queryable, sql: string, params?: readonly unknown[]): Promise<T> {
  const rows = await q.query<T>(sql, params);
  if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
  return rows[0] as T;
}

export async function maybeOne<T>(q: Queryable, sql: string, params?: readonly unknown[]): Promise<T | null> {
  const rows = await q.query<T>(sql, params);
  return rows[0] ?? null;
}
