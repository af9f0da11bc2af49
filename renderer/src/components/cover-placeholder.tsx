// What stands where a book has no cover (issue 17): its title and author set on a colour derived from the
// work, in the shape of a book (2:3 with a spine), and the words 'No Cover' that SPEC.md §2 names. It also
// sits under a cover while the image loads, so the space is the same either way and nothing shifts.
import { Box, Text } from '@mantine/core';
import { COVER_ASPECT } from '@shared/covers';
import { coverColours } from './cover-colour';

export interface CoverPlaceholderProps {
  title: string;
  author?: string | null | undefined;
  /** The work's id, for its colour; the title stands in when there is none. */
  colourKey: string;
  width: number;
  /** Hidden from assistive technology while a real cover is on its way (the image carries the name). */
  decorative?: boolean;
}

export function CoverPlaceholder({ title, author, colourKey, width, decorative }: CoverPlaceholderProps) {
  const { background, spine } = coverColours(colourKey);
  const height = Math.round(width * COVER_ASPECT);
  // Type scales with the cover, within what stays legible: 9 px at 72 wide, 13 px at 120 and up.
  const scaledSize = Math.min(13, Math.max(9, Math.round(width / 9)));
  // Smaller still when the title's longest word would not fit on one line (bold glyphs average about 0.68
  // em), so a title is never split mid-word; never below 8 px.
  const innerWidth = width - Math.round(width / 8) - Math.round(width / 12);
  const longestWord = Math.max(1, ...title.split(/\s+/).map((word) => [...word].length));
  const fittedSize = Math.floor(innerWidth / (longestWord * 0.68));
  const titleSize = Math.max(8, Math.min(scaledSize, fittedSize));
  // Thumbnails (lists, dashboards), and covers too small for the title's longest word at 8 px, sit beside the
  // title in full, so they show its first letter large rather than the title broken into syllables; larger
  // covers set the title and author as a jacket would.
  const compact = width < 72 || fittedSize < 8;
  const label = decorative ? undefined : `${title}: no cover`;
  return (
    <Box
      role={decorative ? undefined : 'img'}
      aria-label={label}
      aria-hidden={decorative || undefined}
      style={{
        width,
        height,
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: compact ? 'center' : 'space-between',
        alignItems: compact ? 'center' : 'stretch',
        gap: 2,
        padding: compact
          ? `4px 2px 4px ${Math.max(3, Math.round(width / 20)) + 2}px`
          : `${Math.round(width / 10)}px ${Math.round(width / 12)}px ${Math.round(width / 14)}px ${Math.round(width / 8)}px`,
        background,
        // The spine: a darker band down the left edge, as a book seen from the front.
        boxShadow: `inset ${Math.max(3, Math.round(width / 20))}px 0 0 ${spine}`,
        borderRadius: '2px 4px 4px 2px',
        color: '#fff',
        overflow: 'hidden',
      }}
    >
      {compact ? (
        <Text
          component="span"
          aria-hidden
          fw={700}
          lh={1}
          style={{ fontSize: Math.round(width * 0.45), color: 'inherit', fontFamily: 'Georgia, serif' }}
        >
          {firstLetter(title)}
        </Text>
      ) : (
        <Box>
          <Text
            component="span"
            display="block"
            fw={700}
            lh={1.15}
            lineClamp={4}
            style={{ fontSize: titleSize, overflowWrap: 'break-word', hyphens: 'auto', color: 'inherit' }}
          >
            {title}
          </Text>
          {author && (
            <Text
              component="span"
              display="block"
              mt={4}
              lh={1.2}
              lineClamp={2}
              style={{ fontSize: Math.max(9, titleSize - 2), overflowWrap: 'break-word', color: 'inherit' }}
            >
              {author}
            </Text>
          )}
        </Box>
      )}
      <Text
        component="span"
        display="block"
        lh={1}
        style={{
          fontSize: compact ? 8 : Math.max(8, titleSize - 4),
          whiteSpace: 'nowrap',
          letterSpacing: compact ? 0 : '0.04em',
          color: 'inherit',
          opacity: 0.9,
          marginTop: compact ? 6 : 0,
        }}
      >
        No Cover
      </Text>
    </Box>
  );
}

/** The title's first letter or digit (skipping quotes and the like), for a thumbnail's monogram. */
function firstLetter(title: string): string {
  const match = /[\p{L}\p{N}]/u.exec(title);
  return (match?.[0] ?? '?').toLocaleUpperCase();
}
