// Named prepared statements for PGlite, which has none of its own: its query() parses and plans every
// statement again (in WebAssembly, where that costs about a third of a shelf page). A statement that recurs
// (StatementNames, as for PostgreSQL) is parsed once under a name, its parameter types and result columns
// are kept, and each later call only binds and executes it, so PostgreSQL can also settle on a cached plan.
import { parse, protocol } from '@electric-sql/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { StatementNames } from './statement-names';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface Prepared {
  parameterTypes: number[];
  /** The statement's RowDescription (none for a statement that returns no rows). */
  rowDescription: BackendMessage | undefined;
}

/** PGlite itself, or the transaction a statement belongs to (its query() is the only way in while it is open). */
type Target = Pick<PGlite, 'query'>;

export interface PgliteStatements {
  /** Runs sql through a named statement once it recurs, else through target's own query(). */
  query<T>(target: Target, sql: string, params: readonly unknown[]): Promise<T[]>;
}

export function pgliteStatements(pg: PGlite): PgliteStatements {
  const names = new StatementNames();
  const prepared = new Map<string, Prepared>();
  // execProtocolStream is what query() uses: it also hands NOTIFY messages to pg.listen callbacks.
  const send = async (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  async function prepare(name: string, sql: string): Promise<Prepared> {
    const known = prepared.get(name);
    if (known) return known;
    const described: BackendMessage[] = [];
    try {
      await send(protocol.serialize.parse({ name, text: sql, types: [] }));
      described.push(...(await send(protocol.serialize.describe({ type: 'S', name }))));
    } finally {
      await send(protocol.serialize.sync());
    }
    const statement = {
      parameterTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((m) => m.name === 'rowDescription'),
    };
    prepared.set(name, statement);
    return statement;
  }

  /** Binds and executes the named statement (preparing it first), always ending with a Sync. */
  async function runNamed<T>(name: string, sql: string, params: readonly unknown[]): Promise<T[]> {
    const statement = await prepare(name, sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = pg.serializers[statement.parameterTypes[i] as number];
      return serialize ? serialize(value) : String(value);
    });
    const messages: BackendMessage[] = statement.rowDescription ? [statement.rowDescription] : [];
    try {
      messages.push(...(await send(protocol.serialize.bind({ statement: name, values }))));
      messages.push(...(await send(protocol.serialize.execute({}))));
    } finally {
      messages.push(...(await send(protocol.serialize.sync())));
    }
    if (!pg.isInTransaction()) await pg.syncToFs();
    return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[];
  }

  return {
    query: <T>(target: Target, sql: string, params: readonly unknown[]) =>
      names.run(
        sql,
        pg.isInTransaction(),
        async (name) =>
          name === undefined
            ? (await target.query<T>(sql, [...params])).rows
            : runNamed<T>(name, sql, params),
        (name) => prepared.delete(name),
      ),
  };
}
