// The Start and End inputs of a log (SPEC.md §2 "Detail", §5 "Log inputs"): 'Start' to 'End', then the
// unit. Whole numbers for a page-based log, any number for a percent-based one; no bounds.
import { Group, NumberInput, Text } from '@mantine/core';
import type { LogMode } from './log-inputs';
import { unitLabel } from './log-inputs';

interface LogLocationInputsProps {
  mode: LogMode;
  start: string;
  end: string;
  onChange(values: { start?: string; end?: string }): void;
}

export function LogLocationInputs({ mode, start, end, onChange }: LogLocationInputsProps) {
  const unit = mode === 'page' ? 'page' : 'percent';
  const common = {
    hideControls: true,
    allowDecimal: mode === 'percent',
    w: 88,
    size: 'sm',
  } as const;
  return (
    <Group gap="xs" wrap="nowrap">
      <NumberInput
        {...common}
        placeholder="Start"
        aria-label={`Start ${unit}`}
        value={start}
        onChange={(value) => onChange({ start: String(value) })}
      />
      <Text size="sm" c="dimmed">
        to
      </Text>
      <NumberInput
        {...common}
        placeholder="End"
        aria-label={`End ${unit}`}
        value={end}
        onChange={(value) => onChange({ end: String(value) })}
      />
      <Text size="sm">{unitLabel(mode)}</Text>
    </Group>
  );
}
