// A page of reader cards, newest first (followers, following, follow requests, blocked and muted readers,
// who liked): each row carries its card and the cursor the next page starts after, "<time>|<reader id>".
import type { ReaderCard } from '@shared/api/social';

/** The cursor's time part: the row's instant in UTC to the microsecond, so equal times stay apart by id. */
export const CURSOR_TIME = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface ReaderCardRow {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  cursor: string;
}

/** The first `limit` of `rows` (read with one more, to know whether another page follows). */
export function readerPage(
  rows: ReaderCardRow[],
  limit: number,
): { readers: ReaderCard[]; next_cursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    readers: shown.map(({ cursor: _cursor, ...card }) => card),
    next_cursor: rows.length > limit && last ? last.cursor : null,
  };
}
