/**
 * Names for the SQL texts a PostgreSQL pool sends often, so each connection parses and plans a statement
 * once and then only binds and executes it (a shelf page spent 0.8 ms planning beside 1 ms executing).
 *
 * A text gets a name the second time it is seen: SQL built per call (a batch insert with as many rows as the
 * batch) is seen once and never takes a name, since every name is kept by every connection that used it,
 * with its plan, until the connection closes. Names are capped for the same reason; texts past the cap, and
 * long scripts, stay unnamed and are planned each time, as before.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seenOnce = new Set<string>();
  /** Never reused: a connection may still hold a forgotten name's old statement. */
  private issued = 0;

  constructor(
    private readonly maxNames = 1_000,
    private readonly maxSeen = 10_000,
    private readonly maxLength = 20_000,
  ) {}

  /** The name to prepare `sql` under, or undefined to send it unnamed this time. */
  nameFor(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known !== undefined) return known;
    if (sql.length > this.maxLength || this.issued >= this.maxNames) return undefined;
    if (!this.seenOnce.has(sql)) {
      // Forgetting the once-seen texts now and then keeps one-off SQL from piling up; a hot text is seen
      // again soon and named then.
      if (this.seenOnce.size >= this.maxSeen) this.seenOnce.clear();
      this.seenOnce.add(sql);
      return undefined;
    }
    this.seenOnce.delete(sql);
    const name = `sf_${this.issued++}`;
    this.names.set(sql, name);
    return name;
  }

  /** Sends `sql` unnamed from now on (its plan was invalidated in a way PostgreSQL will not re-plan). */
  forget(sql: string): void {
    this.names.delete(sql);
  }

  /**
   * Runs sql through `run`, with its name once it recurs (undefined: unnamed). PostgreSQL will not re-plan a
   * prepared statement whose table changed shape since (DDL while running: 0A000, "cached plan must not
   * change result type"), so such a text goes unnamed from now on (`onForget` hears its old name) and a lone
   * call is answered unnamed; inside a transaction the error has already aborted it, so it is thrown.
   */
  async run<T>(
    sql: string,
    inTransaction: boolean,
    run: (name: string | undefined) => Promise<T>,
    onForget: (name: string) => void = () => undefined,
  ): Promise<T> {
    const name = this.nameFor(sql);
    if (name === undefined) return run(undefined);
    try {
      return await run(name);
    } catch (err) {
      if ((err as { code?: unknown }).code !== PLAN_RESULT_CHANGED || inTransaction) throw err;
      this.forget(sql);
      onForget(name);
      return run(undefined);
    }
  }
}

const PLAN_RESULT_CHANGED = '0A000';
