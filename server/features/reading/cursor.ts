// Paging through a reader's events newest first by (created_at, id). The cursor carries created_at to the
// microsecond (ISO strings in answers stop at milliseconds), so no event is skipped or repeated.

/** SQL for the cursor of the event aliased `alias`. */
export const cursorSql = (alias: string) =>
  `to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || ${alias}.id`;

export function parseCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = cursor.split('|') as [string, string];
  return { createdAt, id };
}

/** Adds `(alias.created_at, alias.id) < cursor` to a condition list when a cursor is given. */
export function afterCursor(alias: string, cursor: string | undefined, params: unknown[]): string | null {
  if (!cursor) return null;
  const { createdAt, id } = parseCursor(cursor);
  params.push(createdAt, id);
  return `(${alias}.created_at, ${alias}.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
}

/** Splits a page fetched with limit + 1 rows into the page and the cursor of its last row. */
export function pageOf<T extends { cursor: string }>(
  rows: T[],
  limit: number,
): { rows: Omit<T, 'cursor'>[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ cursor: _cursor, ...rest }) => rest),
    next_cursor: rows.length > limit && last ? last.cursor : null,
  };
}
