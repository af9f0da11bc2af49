import { describe, expect, it } from 'vitest';
import { noteToJournalHtml } from './journal-note';

describe('noteToJournalHtml', () => {
  it('answers null for a blank note', () => {
    expect(noteToJournalHtml('')).toBeNull();
    expect(noteToJournalHtml('  \n\n  ')).toBeNull();
  });

  it('splits paragraphs at blank lines and keeps single line breaks', () => {
    expect(noteToJournalHtml('First line\nsecond line\n\nNext paragraph ')).toBe(
      '<p>First line<br>second line</p><p>Next paragraph</p>',
    );
  });

  it('escapes what the reader typed, so it is kept as text', () => {
    expect(noteToJournalHtml('a < b & <i>c</i>')).toBe('<p>a &lt; b &amp; &lt;i&gt;c&lt;/i&gt;</p>');
  });
});
