// A reader's plain text with its http(s) addresses as links (shared/domain/linkify.ts). Every part is a
// React text node or an <a> with the address as href: nothing in the text is ever read as HTML. The links
// are marked user-generated and open in a new tab without handing this page to the other site.
import { Anchor } from '@mantine/core';
import { linkify } from '@shared/domain/linkify';

export const UGC_LINK_REL = 'noopener noreferrer nofollow ugc';

export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <Anchor key={i} href={part.href} target="_blank" rel={UGC_LINK_REL} inherit>
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
