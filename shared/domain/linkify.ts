// Comments are plain text; links in them are made clickable when shown. The text is cut into plain parts
// and link parts here, and the UI renders each part as a text node or an <a>: no part is ever interpreted
// as HTML. Only http and https addresses become links, so a comment cannot smuggle javascript: or data:.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** An address starts with the scheme and runs to white space or a character no address holds bare. */
const CANDIDATE = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address, as in "see https://example.com." */
const TRAILING = /[.,;:!?*_~]+$/;

/** The link a candidate stands for, or null when it is no http(s) URL with a host. */
export function safeHref(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url.href;
}

/** Drops closing brackets the address did not open: "(see https://x.org/a)" keeps the ")" outside. */
function trimUnbalanced(candidate: string): string {
  let text = candidate.replace(TRAILING, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (text.endsWith(close) && count(text, close) > count(text, open)) {
      text = text.slice(0, -1).replace(TRAILING, '');
    }
  }
  return text;
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** The text cut into plain and link parts, in order; joining every part's text gives the text back. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const candidate = trimUnbalanced(match[0]);
    const href = safeHref(candidate);
    if (!href) continue;
    if (start > plainFrom) parts.push({ kind: 'text', text: text.slice(plainFrom, start) });
    parts.push({ kind: 'link', text: candidate, href });
    plainFrom = start + candidate.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}
