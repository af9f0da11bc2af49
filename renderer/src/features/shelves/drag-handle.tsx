// The grip a row is dragged by (User Order only), the same in the table and on phone cards.
import { ActionIcon } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { GripIcon } from '../../components/icons';
import type { useReorderableRow } from './reorder-dnd';
import classes from './shelf-rows.module.css';

type ReorderableRow = ReturnType<typeof useReorderableRow>;

export function DragHandle({
  enabled,
  setHandleRef,
  handleProps,
  title,
  size,
}: Pick<ReorderableRow, 'enabled' | 'setHandleRef' | 'handleProps'> & { title: string; size?: MantineSize }) {
  if (!enabled) return null;
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={size}
      className={classes.handle}
      ref={setHandleRef}
      {...handleProps}
      aria-label={`Move ${title}`}
    >
      <GripIcon />
    </ActionIcon>
  );
}
