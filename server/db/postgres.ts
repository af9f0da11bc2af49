import pg from 'pg';
import type { Db, Listener, Queryable } from './db';
import { DatabaseUnavailableError, isConnectionFailure, reasonOf } from './database-unavailable';
import { StatementNames } from './statement-names';
import { parsers } from './types';

const types = {
  getTypeParser: (oid: number, format?: string) =>
    parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text'),
};

/**
 * A connect that hangs (a blackholed host during failover), or a wait for a free client that never ends,
 * fails after this and the request gets a 503. Generous, since it also bounds the wait for a free client
 * under a burst: a refused connection (the usual outage) fails at once anyway.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * PostgreSQL through a pool. A lost server must never end the process, and must never leave a broken
 * client in the pool: every checked-out client has an error listener while it is out (pg-pool only
 * listens on idle ones), and a client whose connection failed is released with its error, so the pool
 * discards it and the next request connects afresh once the server is back.
 */
export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max,
    types,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client that errors (server restart, network) must not take the process down with it; the
  // pool has already dropped it. Only the reason is logged: a message may quote data.
  pool.on('error', (err) => console.error(`postgres: an idle connection was lost (${reasonOf(err)})`));

  /** Runs work on a checked-out client; a connection failure anywhere becomes DatabaseUnavailableError. */
  async function withClient<T>(
    work: (client: pg.PoolClient, discard: (err: unknown) => void) => Promise<T>,
  ): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      // Whatever stops a connection (refused, timed out, server starting, bad credentials) is an outage.
      throw new DatabaseUnavailableError(err);
    }
    // Set by the client's error event (the connection died) or by discard (the client is unfit for reuse).
    let dropped: unknown;
    let connectionLost = false;
    const onError = (err: unknown) => {
      connectionLost = true;
      dropped ??= err;
    };
    const discard = (err: unknown) => {
      dropped ??= err;
    };
    client.on('error', onError);
    try {
      return await work(client, discard);
    } catch (err) {
      if (!connectionLost && !isConnectionFailure(err)) throw err;
      dropped ??= err;
      throw new DatabaseUnavailableError(err);
    } finally {
      client.off('error', onError);
      client.release(dropped === undefined ? undefined : toError(dropped));
    }
  }

  const statements = new StatementNames();
  /**
   * A statement with parameters goes as a named prepared statement once its text is known to recur, so each
   * connection plans it once. One without parameters keeps the simple protocol (it may be a script).
   */
  const run = async <T>(
    client: pg.PoolClient,
    sql: string,
    params?: readonly unknown[],
    inTransaction = false,
  ): Promise<T[]> => {
    if (!params) return (await client.query(sql)).rows as T[];
    const values = [...params];
    return statements.run(sql, inTransaction, async (name) =>
      name === undefined
        ? ((await client.query(sql, values)).rows as T[])
        : ((await client.query({ name, text: sql, values })).rows as T[]),
    );
  };

  try {
    await withClient((client) => client.query('select 1'));
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }

  return {
    kind: 'postgres',
    query: (sql, params) => withClient((client) => run(client, sql, params)),
    transaction: (fn) => retryingConflicts(() => runTransaction(fn)),
    exec: (sql) => withClient(async (client) => void (await client.query(sql))),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onMessage, onLost) => listenOn(connectionString, channel, onMessage, onLost),
  };

  function runTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return withClient(async (client, discard) => {
      await client.query('begin');
      try {
        const scoped: Queryable = {
          query: (sql, params) => run(client, sql, params, true),
          exec: async (sql) => void (await client.query(sql)),
        };
        const result = await fn(scoped);
        await client.query('commit');
        return result;
      } catch (err) {
        // A lost connection has rolled back on the server already; asking again would only fail again.
        // A client whose rollback failed may still be inside the transaction: it must not be reused.
        if (!isConnectionFailure(err)) await client.query('rollback').catch(discard);
        throw err;
      }
    });
  }
}

/**
 * LISTEN on a dedicated client outside the pool (a pooled one would be handed to queries and its LISTEN
 * dropped on release). sync() runs a query on that same client: PostgreSQL signals a listener when a
 * notifying transaction commits, before that commit is acknowledged, and a listening session delivers what
 * it was signalled about at the latest when its own next transaction ends, before it reports ready. So once
 * the query's answer is back, every notification committed before sync() was called has been received.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: (reason: unknown) => void,
): Promise<Listener> {
  const client = new pg.Client({
    connectionString,
    types,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  let done = false;
  const lose = (reason: unknown) => {
    if (done) return;
    done = true;
    onLost(reason);
    client.end().catch(() => undefined);
  };
  client.on('error', lose);
  client.on('end', () => lose(new Error('the listening connection ended')));
  client.on('notification', (message) => {
    if (!done && message.channel === channel) onMessage(message.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`listen ${client.escapeIdentifier(channel)}`);
  } catch (err) {
    done = true;
    await client.end().catch(() => undefined);
    throw new DatabaseUnavailableError(err);
  }
  return {
    sync: async () => void (await client.query('select 1')),
    close: async () => {
      done = true;
      await client.end();
    },
  };
}

/** Deadlock victim (40P01) and serialization failure (40001): PostgreSQL undid the whole transaction. */
const CONFLICT_CODES = new Set(['40P01', '40001']);
const CONFLICT_ATTEMPTS = 3;

/**
 * Runs a transaction again when PostgreSQL chose it as a deadlock victim or refused it for a serialization
 * conflict. Nothing of it was kept, so running it again is what the caller asked for; writes that lock rows
 * in different orders (a catalogue merge beside a library import, say) then both land instead of one of them
 * answering 500. Transaction bodies here only talk to the database, so a second run repeats no other effect.
 */
async function retryingConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !CONFLICT_CODES.has(code) || tries >= CONFLICT_ATTEMPTS) throw err;
      // A short random pause, so the two sides of a deadlock do not meet again at the same instant.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * tries));
    }
  }
}

function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
