// A review's headline and text, the text cut at 300 characters with 'Read more' / 'Show less'
// (SPEC.md §2, §9).
import { Button, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { reviewExcerpt } from './review-excerpt';

// Long words and URLs wrap instead of pushing a 390 px page sideways; the reader's line breaks stay.
const wrapping = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

export function ReviewText({ headline, body }: { headline: string; body: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  const excerpt = body === null ? null : reviewExcerpt(body);
  return (
    <Stack gap={4}>
      {headline && (
        <Text fw={600} style={wrapping}>
          {headline}
        </Text>
      )}
      {body && (
        <Text size="sm" id={bodyId} style={wrapping}>
          {excerpt && !expanded ? excerpt : body}
        </Text>
      )}
      {excerpt && (
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          style={{ alignSelf: 'flex-start' }}
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : 'Read more'}
        </Button>
      )}
    </Stack>
  );
}
