// What the journal editor does with a link the reader typed or pasted (SPEC.md §5 "Journal editor"): a
// blank input removes the link, a link with whitespace inside is refused, and an address without a
// protocol is read as a web address unless it is site-relative ('/…'), an anchor ('#…') or
// protocol-relative ('//…').

export const INVALID_LINK_MESSAGE = 'Pasted link is not valid.';

export type LinkInput =
  { kind: 'remove' } | { kind: 'invalid'; message: string } | { kind: 'link'; href: string };

const HAS_PROTOCOL = /^\w+:(\/\/)?/;

/** Adds 'http://' to an address that names no protocol and is not relative, an anchor or '//host'. */
export function withProtocol(link: string): string {
  if (HAS_PROTOCOL.test(link)) return link;
  if (link.startsWith('/') || link.startsWith('#')) return link;
  return `http://${link}`;
}

/**
 * Reads the link input. Whitespace around the address is not part of it (a paste often brings a trailing
 * newline); whitespace inside it means it is not an address.
 */
export function readLinkInput(raw: string): LinkInput {
  const link = raw.trim();
  if (link === '') return { kind: 'remove' };
  if (/\s/.test(link)) return { kind: 'invalid', message: INVALID_LINK_MESSAGE };
  return { kind: 'link', href: withProtocol(link) };
}
