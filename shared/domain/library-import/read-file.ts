// A file in, whatever its format: detection from the header row (or JSON for Shelfwise), then the
// format's reader. What import-library stores and the /import preview shows both come from here.
import { IMPORT_FORMAT_NAMES, MAX_IMPORT_ROWS } from '../../api/imports';
import type { ImportFormat } from '../../api/imports';
import { readCsv } from './csv';
import { goodreadsRecords, isGoodreadsHeader } from './goodreads';
import type { LibraryFile } from './record';
import { readShelfwise } from './shelfwise';
import { isStoryGraphHeader, storyGraphRecords } from './storygraph';

export const UNKNOWN_FORMAT_MESSAGE =
  'This file is not a Goodreads or StoryGraph export or a Shelfwise library file: its first line does not have their columns.';

/** The format the file's first line (or JSON body) says, or null. */
export function detectFormat(content: string): ImportFormat | null {
  const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  if (/^\s*\{/.test(text)) return 'shelfwise';
  const { header } = readCsv(text.slice(0, firstLineEnd(text)));
  if (isGoodreadsHeader(header)) return 'goodreads';
  if (isStoryGraphHeader(header)) return 'storygraph';
  return null;
}

/** Where the header row ends: the first line break outside quotes (headers rarely quote, but may). */
function firstLineEnd(text: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if ((c === '\n' || c === '\r') && !quoted) return i;
  }
  return text.length;
}

/**
 * Reads a whole file as `format` ('auto' detects it). A string answer is the reason it cannot be read,
 * worded for the reader.
 */
export function readLibraryFile(content: string, format: ImportFormat | 'auto'): LibraryFile | string {
  const detected = detectFormat(content);
  const chosen = format === 'auto' ? detected : format;
  if (chosen === null) return UNKNOWN_FORMAT_MESSAGE;
  if (chosen === 'shelfwise') return readShelfwise(content);
  if (detected === 'shelfwise')
    return `This is a Shelfwise library file, not a ${IMPORT_FORMAT_NAMES[chosen]} export.`;
  const table = readCsv(content);
  const fits = chosen === 'goodreads' ? isGoodreadsHeader(table.header) : isStoryGraphHeader(table.header);
  if (!fits) {
    return `This file is not a ${IMPORT_FORMAT_NAMES[chosen]} export: its first line does not have the ${IMPORT_FORMAT_NAMES[chosen]} columns.`;
  }
  if (table.rows.length === 0) return 'The file has no books in it.';
  if (table.rows.length > MAX_IMPORT_ROWS) {
    return `The file has ${table.rows.length} rows; at most ${MAX_IMPORT_ROWS} can be imported at once.`;
  }
  const records = chosen === 'goodreads' ? goodreadsRecords(table) : storyGraphRecords(table);
  return { format: chosen, records, shelves: [], goals: [], profile: null };
}
