// A labelled set of toggle chips (moods, qualities): each chip is a checkbox named by its label, and the
// group carries the field's label and error so screen readers hear both.
import { Chip, Group, Input } from '@mantine/core';
import { useId } from 'react';
import type { ReviewOption } from '@shared/domain/review-options';

export function ChoiceChips({
  field,
  label,
  description,
  options,
  selected,
  onToggle,
  error,
}: {
  /** Names the group for the dialog, which focuses the first field at fault. */
  field: string;
  label: string;
  description: string;
  options: readonly ReviewOption[];
  selected: readonly number[];
  onToggle: (id: number) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <Input.Wrapper id={id} label={label} description={description} error={error} labelElement="div">
      <Group
        gap="xs"
        mt={6}
        role="group"
        data-field={field}
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : `${id}-description`}
      >
        {options.map((option) => (
          <Chip
            key={option.id}
            size="sm"
            checked={selected.includes(option.id)}
            onChange={() => onToggle(option.id)}
          >
            {option.label}
          </Chip>
        ))}
      </Group>
    </Input.Wrapper>
  );
}
