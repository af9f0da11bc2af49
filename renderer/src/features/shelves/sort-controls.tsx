// Sort mode and direction (SPEC.md §4): choosing a mode sets its default direction; every mode but User
// Order can be flipped (for Alphabetical that is the 'Reverse' option).
import { Button, Checkbox, Group, NativeSelect } from '@mantine/core';
import { ArrowIcon } from '../../components/icons';
import { defaultDirection, hasDirectionToggle, sortOptionsFor } from './shelf-sort';
import type { SortDirection, SortMode } from './shelf-sort';

export interface SortState {
  mode: SortMode;
  direction: SortDirection;
}

export function SortControls({
  value,
  onChange,
  isCustomShelf,
}: {
  value: SortState;
  onChange(next: SortState): void;
  isCustomShelf: boolean;
}) {
  const options = sortOptionsFor(isCustomShelf);
  const flip = () => onChange({ ...value, direction: value.direction === 'asc' ? 'desc' : 'asc' });
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Sort by"
        size="sm"
        data={options}
        value={value.mode}
        onChange={(event) => {
          const mode = event.currentTarget.value as SortMode;
          onChange({ mode, direction: defaultDirection(mode) });
        }}
      />
      {value.mode === 'alphabetical' ? (
        <Checkbox
          label="Reverse"
          mb={8}
          checked={value.direction === 'desc'}
          onChange={(event) =>
            onChange({ ...value, direction: event.currentTarget.checked ? 'desc' : 'asc' })
          }
        />
      ) : (
        hasDirectionToggle(value.mode) && (
          <Button
            variant="default"
            size="sm"
            onClick={flip}
            leftSection={<ArrowIcon direction={value.direction === 'desc' ? 'down' : 'up'} />}
            aria-label={`Sort direction: ${value.direction === 'desc' ? 'descending' : 'ascending'}`}
          >
            {value.direction === 'desc' ? 'Descending' : 'Ascending'}
          </Button>
        )
      )}
    </Group>
  );
}
