// The /import page's preview: the detected format and how the first rows will be read, computed by the
// same readers the server's import uses (so the preview cannot promise what the import will not do).
import type { ImportFormat, ImportPreviewRow } from '../../api/imports';
import { readLibraryFile } from './read-file';

export interface LibraryPreview {
  format: ImportFormat | null;
  total_rows: number;
  rows: ImportPreviewRow[];
  /** Why the file cannot be imported as asked; null when it can. */
  problem: string | null;
}

export function previewLibraryFile(
  content: string,
  format: ImportFormat | 'auto',
  limit = 10,
): LibraryPreview {
  const file = readLibraryFile(content, format);
  if (typeof file === 'string') return { format: null, total_rows: 0, rows: [], problem: file };
  return {
    format: file.format,
    total_rows: file.records.length,
    problem: null,
    rows: file.records.slice(0, limit).map((r) => ({
      row: r.row,
      title: r.title,
      authors: r.authors,
      isbn13: r.isbn13,
      isbn10: r.isbn10,
      status: r.status === 'to-read' ? 'to-be-read' : r.status,
      rating: r.review?.rating ?? null,
      custom_shelves: r.shelves.filter((s) => s.slug === null).map((s) => s.name),
      reads: r.events.filter((e) => e.type === 'finish').length,
      has_review: r.review?.review_body != null,
      problem: r.problem,
      shelves: r.shelves.map((s) => s.name),
      dates: r.events.flatMap((e) =>
        e.type === 'start' || e.type === 'pause' || e.type === 'finish' || e.type === 'dnf'
          ? [{ type: e.type, on: e.at.slice(0, 10) }]
          : [],
      ),
    })),
  };
}
