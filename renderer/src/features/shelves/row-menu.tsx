// The menu at the end of each shelf row (SPEC.md §2): Add to Shelves, and taking the book off this shelf.
import { ActionIcon, Menu } from '@mantine/core';
import { DotsIcon } from '../../components/icons';

export function RowMenu({
  title,
  onAddToShelves,
  onRemove,
}: {
  title: string;
  onAddToShelves(): void;
  onRemove(): void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${title}`}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onAddToShelves}>Add to Shelves</Menu.Item>
        <Menu.Item color="red" c="var(--mantine-color-red-light-color)" onClick={onRemove}>
          Remove from Shelf
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
