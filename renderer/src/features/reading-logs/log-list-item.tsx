// One log in the list: edition title, what the event was with its location summary, and the created date,
// plus its menu (Delete). A read from an imported file is said in words instead (./imported-read.ts).
import { ActionIcon, Badge, Group, Menu, NavLink, Text } from '@mantine/core';
import type { ReadingLog } from '@shared/api/reading';
import { locationSummary } from '@shared/domain/progress';
import { formatShortDate } from '../../lib/format-date';
import { DotsIcon } from '../../components/icons';
import { EVENT_WORDS } from './event-words';
import { importedReadLine, importedReadStart } from './imported-read';
import { editionTitle } from './log-title';

interface LogListItemProps {
  log: ReadingLog;
  selected: boolean;
  onSelect(): void;
  onDelete(): void;
}

export function LogListItem({ log, selected, onSelect, onDelete }: LogListItemProps) {
  const title = editionTitle(log);
  return (
    <Group component="li" gap={4} wrap="nowrap" align="center">
      <NavLink
        component="button"
        type="button"
        onClick={onSelect}
        active={selected}
        aria-current={selected ? 'true' : undefined}
        label={
          <Text size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
        }
        description={
          importedReadLine(log) !== null ? (
            <>
              <Text span size="xs" display="block" mt={2}>
                {importedReadLine(log)}
              </Text>
              <Text span size="xs" c="dimmed" display="block">
                {importedReadStart(log) ?? 'From an import'}
              </Text>
            </>
          ) : (
            <>
              <Group component="span" gap={6} wrap="nowrap" mt={2}>
                <Badge
                  component="span"
                  size="xs"
                  variant="light"
                  color={log.event_type === 'start' ? 'gray' : 'teal'}
                >
                  {EVENT_WORDS[log.event_type]}
                </Badge>{' '}
                <Text span size="xs">
                  {locationSummary(log)}
                </Text>
              </Group>
              <Text span size="xs" c="dimmed" display="block">
                {formatShortDate(log.created_at)}
              </Text>
            </>
          )
        }
        style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-md)' }}
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Log actions: ${title}`}>
            <DotsIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item color="red" c="var(--mantine-color-red-light-color)" onClick={onDelete}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
