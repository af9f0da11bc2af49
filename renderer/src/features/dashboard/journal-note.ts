// The update dialog's note is plain text, but journals are stored as HTML paragraphs (SPEC.md §3), so the
// text is escaped (a '<' the reader typed stays a '<') and split into paragraphs at blank lines.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Null for a blank note; otherwise `<p>` paragraphs, single line breaks kept as `<br>`. */
export function noteToJournalHtml(note: string): string | null {
  const paragraphs = note
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`);
  return paragraphs.length === 0 ? null : paragraphs.join('');
}
