// A book's cover at a fixed size, or a 'No Cover' placeholder when there is no URL or the image fails
// (Open Library answers 404 for a cover it does not have, SPEC.md §2 author page).
import { Center, Image, Text } from '@mantine/core';
import { useState } from 'react';

export function BookCover({ url, title, width = 64 }: { url: string | null; title: string; width?: number }) {
  const [failed, setFailed] = useState(false);
  const height = Math.round(width * 1.5);
  if (!url || failed) {
    return (
      <Center
        w={width}
        h={height}
        bg="var(--mantine-color-gray-1)"
        style={{ borderRadius: 4, flexShrink: 0 }}
        aria-label={`${title}: no cover`}
      >
        <Text size="xs" c="dimmed" ta="center">
          No Cover
        </Text>
      </Center>
    );
  }
  return (
    <Image
      src={url}
      alt={`Cover of ${title}`}
      w={width}
      h={height}
      fit="cover"
      radius="sm"
      loading="lazy"
      onError={() => setFailed(true)}
      style={{ flexShrink: 0 }}
    />
  );
}
