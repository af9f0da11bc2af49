// Journals are stored as HTML paragraphs (SPEC.md §3) and shown in a browser, so what is stored is only:
// <p> paragraphs holding text, <b>, <i>, <br> and <a href> with an http(s) URL, absolute or (as SPEC.md §5's
// editor writes them) starting with '/', '//' or '#'. No other element or
// attribute survives; script and style contents are dropped entirely; other elements keep their text;
// headings, list items, quotes and other blocks become paragraphs; blank paragraphs are dropped.
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../../http/errors';

export const MAX_JOURNAL_LENGTH = 200_000;

const BLOCK_TAGS = [
  'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'section', 'article', 'header',
  'footer', 'aside', 'main', 'nav', 'figure', 'figcaption', 'address', 'dd', 'dt', 'tr', 'caption',
]; // prettier-ignore

// Relative links resolve against this stand-in page only to prove they stay http(s).
const RELATIVE_BASE = 'https://journal.invalid/';

function safeHref(href: string | undefined): string | null {
  const value = href?.trim();
  // Browsers read a backslash as a slash ('/\\evil.test' leaves the site), and no address needs one.
  if (!value || /[\s\\]/.test(value)) return null;
  const relative = value.startsWith('/') || value.startsWith('#');
  if (!relative && !/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value, RELATIVE_BASE);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

const link: sanitizeHtml.Transformer = (_tag, attribs) => {
  const href = safeHref(attribs.href);
  const kept: sanitizeHtml.Attributes = href ? { href } : {};
  return { tagName: 'a', attribs: kept };
};

const inlineOptions: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'i', 'a', 'br'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'title'],
  transformTags: { strong: 'b', em: 'i', a: link },
  // A link without a usable address keeps only its text.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

const blockOptions: sanitizeHtml.IOptions = {
  ...inlineOptions,
  allowedTags: ['p', 'b', 'i', 'a', 'br'],
  transformTags: { ...inlineOptions.transformTags, ...Object.fromEntries(BLOCK_TAGS.map((t) => [t, 'p'])) },
};

const isBlank = (html: string) => html.replace(/<br\s*\/?>|&nbsp;|\s/gi, '') === '';

/**
 * Sanitises a journal into paragraphs; null when nothing is left. After the first pass the markup holds
 * only the allowed tags, with every text '<' escaped, so splitting at <p> boundaries is exact; the second
 * pass re-balances inline tags cut by a boundary.
 */
export function sanitizeJournal(dirty: string): string | null {
  const flat = sanitizeHtml(dirty, blockOptions);
  const paragraphs = flat
    .split(/<\/?p>/)
    .flatMap((segment) => segment.split(/\n\s*\n/))
    .map((segment) => sanitizeHtml(segment, inlineOptions).trim())
    .filter((segment) => !isBlank(segment))
    .map((segment) => `<p>${segment}</p>`);
  if (paragraphs.length === 0) return null;
  const html = paragraphs.join('');
  if (html.length > MAX_JOURNAL_LENGTH) throw badRequest('The journal is too long.');
  return html;
}
