// Five stars filled to a value (quarter steps show as partly filled stars), read out as one image.
import { Group } from '@mantine/core';
import { useId } from 'react';
import { StarIcon } from '../../components/icons';

export function StarRow({ value, label }: { value: number; label: string }) {
  const id = useId();
  return (
    <Group gap={1} wrap="nowrap" role="img" aria-label={label}>
      {[0, 1, 2, 3, 4].map((i) => (
        <StarIcon key={i} fill={value - i} clipId={`${id}-star-${i}`} />
      ))}
    </Group>
  );
}
