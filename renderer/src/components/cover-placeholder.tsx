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
  // Type scales with the cover, within what stays legible: 8 px at 56 wide, 13 px at 120 and up.
  const titleSize = Math.min(13, Math.max(8, Math.round(width / 9)));
  const roomy = width >= 80;
  return (
    <Box
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : `${title}: no cover`}
      aria-hidden={decorative || undefined}
      style={{
        width,
        height,
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        gap: 2,
        padding: `${Math.round(width / 10)}px ${Math.round(width / 12)}px ${Math.round(width / 14)}px ${Math.round(width / 8)}px`,
        background,
        // The spine: a darker band down the left edge, as a book seen from the front.
        boxShadow: `inset ${Math.max(3, Math.round(width / 20))}px 0 0 ${spine}`,
        borderRadius: '2px 4px 4px 2px',
        color: '#fff',
        overflow: 'hidden',
      }}
    >
      <Box>
        <Text
          component="span"
          display="block"
          fw={700}
          lh={1.15}
          lineClamp={roomy ? 4 : 3}
          style={{ fontSize: titleSize, overflowWrap: 'anywhere', color: 'inherit' }}
        >
          {title}
        </Text>
        {roomy && author && (
          <Text
            component="span"
            display="block"
            mt={4}
            lh={1.2}
            lineClamp={2}
            style={{ fontSize: Math.max(8, titleSize - 2), overflowWrap: 'anywhere', color: 'inherit' }}
          >
            {author}
          </Text>
        )}
      </Box>
      <Text
        component="span"
        display="block"
        tt="uppercase"
        lh={1}
        style={{
          fontSize: Math.max(7, titleSize - 4),
          letterSpacing: '0.06em',
          color: 'inherit',
          opacity: 0.9,
        }}
      >
        No Cover
      </Text>
    </Box>
  );
}
