// A line told in parts (activity-text.ts): the words as text, each link to a reader (bold), a work (italic),
// a shelf or a review as a link. Friends Activity lines and notifications read the same way.
import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ActivityPart } from './activity-text';

export function ActivityPartsText({
  parts,
  onFollow,
}: {
  parts: readonly ActivityPart[];
  /** Called when one of the links is followed (a notification is then read). */
  onFollow?: () => void;
}) {
  return parts.map((part, i) =>
    'to' in part ? (
      <Anchor
        key={i}
        component={Link}
        to={part.to}
        onClick={onFollow}
        fw={part.kind === 'reader' ? 600 : undefined}
        fs={part.kind === 'work' ? 'italic' : undefined}
        inherit
      >
        {part.text}
      </Anchor>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}
