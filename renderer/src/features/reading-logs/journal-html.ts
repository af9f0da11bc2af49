// The journal is stored as HTML paragraphs (SPEC.md §3); the editor works in blocks. Saving turns every
// block into <p> paragraphs the server keeps (text with <b>, <i>, <br> and <a href>), dropping blank
// ones; loading brings back only paragraph elements and plain text. Blocks that have no paragraph form
// keep what a reader would want from them: headers stay bold, quotes italic with their caption, list items
// get their bullet or number, code keeps its line breaks, and an image or a video becomes a link to it.

/** An editor block as Editor.js saves it; the data is read defensively. */
export interface JournalBlock {
  id?: string;
  type: string;
  data: unknown;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const isBlank = (html: string): boolean =>
  html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0|\s/g, '') === '';

const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}">${isBlank(label) ? escapeHtml(href) : label}</a>`;

const BULLETS = ['•', '◦', '▪'];

/**
 * List items of @editorjs/list 2 ({content, meta, items}) or of its older format (plain strings). Nesting
 * shows in the marker, since leading spaces do not survive HTML: '2.1.' under '2.', '◦' under '•'.
 */
function listParagraphs(items: unknown, style: string, prefix: string, depth: number): string[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown, index) => {
    const entry = record(item);
    const content = typeof item === 'string' ? item : text(entry.content);
    const number = `${prefix}${index + 1}.`;
    let marker = BULLETS[depth % BULLETS.length] ?? '•';
    if (style === 'ordered') marker = number;
    if (style === 'checklist') marker = record(entry.meta).checked === true ? '☑' : '☐';
    return [`${marker} ${content}`, ...listParagraphs(entry.items, style, number, depth + 1)];
  });
}

function blockParagraphs(block: JournalBlock): string[] {
  const data = record(block.data);
  switch (block.type) {
    case 'paragraph':
      return [text(data.text)];
    case 'header':
      return isBlank(text(data.text)) ? [] : [`<b>${text(data.text)}</b>`];
    case 'quote': {
      const quote = isBlank(text(data.text)) ? [] : [`<i>${text(data.text)}</i>`];
      const caption = isBlank(text(data.caption)) ? [] : [`— ${text(data.caption)}`];
      return [...quote, ...caption];
    }
    case 'list':
      return listParagraphs(data.items, text(data.style), '', 0);
    case 'code':
      return [escapeHtml(text(data.code)).replace(/\r?\n/g, '<br>')];
    case 'delimiter':
      return ['* * *'];
    case 'image': {
      const url = text(record(data.file).url);
      return url ? [link(url, text(data.caption))] : [];
    }
    case 'embed': {
      const url = text(data.source);
      return url ? [link(url, text(data.caption))] : [];
    }
    default:
      return typeof data.text === 'string' ? [data.text] : [];
  }
}

/** The journal HTML of the editor's blocks; null when nothing but blank paragraphs is left. */
export function blocksToHtml(blocks: readonly JournalBlock[]): string | null {
  const paragraphs = blocks
    .flatMap(blockParagraphs)
    .map((html) => html.trim())
    .filter((html) => !isBlank(html));
  return paragraphs.length === 0 ? null : paragraphs.map((html) => `<p>${html}</p>`).join('');
}

const INLINE_TAGS: Record<string, string> = { B: 'b', STRONG: 'b', I: 'i', EM: 'i' };

/** A paragraph's content with only the inline markup the server keeps; anything else keeps its text. */
function inlineHtml(node: Node): string {
  let html = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      html += escapeHtml(child.textContent ?? '');
      continue;
    }
    if (!(child instanceof Element)) continue;
    const inner = inlineHtml(child);
    const tag = INLINE_TAGS[child.tagName];
    const href = child.getAttribute('href');
    if (child.tagName === 'BR') html += '<br>';
    else if (tag) html += `<${tag}>${inner}</${tag}>`;
    else if (child.tagName === 'A' && href) html += `<a href="${escapeHtml(href)}">${inner}</a>`;
    else html += inner;
  }
  return html;
}

const paragraph = (html: string): JournalBlock => ({ type: 'paragraph', data: { text: html } });

/** The editor blocks of a stored journal: one paragraph block per paragraph element or piece of text. */
export function htmlToBlocks(html: string | null): JournalBlock[] {
  if (!html || html.trim() === '') return [];
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const blocks: JournalBlock[] = [];
  for (const node of Array.from(body.childNodes)) {
    if (node instanceof Element && node.tagName === 'P') {
      const content = inlineHtml(node).trim();
      if (!isBlank(content)) blocks.push(paragraph(content));
    } else if (node.nodeType === Node.TEXT_NODE) {
      for (const piece of (node.textContent ?? '').split(/\n\s*\n/)) {
        if (piece.trim() !== '') blocks.push(paragraph(escapeHtml(piece.trim())));
      }
    }
  }
  return blocks;
}
