// Edit / Delete for the reader's own review; SPEC.md §6 shows the menu on one's own reviews only.
import { ActionIcon, Menu } from '@mantine/core';
import { DotsIcon } from '../../components/icons';

export function ReviewMenu({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label="Review actions">
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit}>Edit</Menu.Item>
        <Menu.Item color="red" c="var(--mantine-color-red-light-color)" onClick={onDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
