// Contracts of the lists of readers the caller blocked or muted (issue 27), shown in Settings with undo; the
// block, unblock, mute and unmute calls themselves are in social.ts.
import { z } from 'zod';
import { endpoint } from './common';
import type { EndpointDef } from './common';
import { readingCursor } from './reading';
import { readerCard } from './social';

export const BLOCK_LIST_PAGE = 30;

const pageRequest = z
  .object({
    limit: z.number().int().min(1).max(100).default(BLOCK_LIST_PAGE),
    after: readingCursor.optional(),
  })
  .strict();
const readerPage = z.object({ readers: z.array(readerCard), next_cursor: z.string().nullable() });

export const blockListsEndpoints = {
  /** Readers the caller blocked, most recent first. */
  'blocked-readers': endpoint('user', pageRequest, readerPage),
  /** Readers the caller muted, most recent first. */
  'muted-readers': endpoint('user', pageRequest, readerPage),
} satisfies Record<string, EndpointDef>;
