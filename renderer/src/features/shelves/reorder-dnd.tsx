// Drag and drop for the reader's own order (SPEC.md §4, §5: User Order only), on @dnd-kit/sortable. Rows do
// not slide out of the way; a placeholder line shows above or below the hovered row by the half the pointer
// is in, and the drop puts the book there. Pointer and keyboard (Space or Enter, arrows, Space or Enter)
// both work; the keyboard steps from row to row with the sortable keyboard coordinates.
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type {
  Announcements,
  Collision,
  CollisionDetection,
  DragEndEvent,
  DragMoveEvent,
  DragStartEvent,
  ClientRect,
  UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import type { SortingStrategy } from '@dnd-kit/sortable';
import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { dropTargetAt, keyboardDropTarget, movedOrder } from './drop-position';
import type { DropTarget, RowBox } from './drop-position';

interface DragState {
  enabled: boolean;
  activeId: string | null;
  /** Where the dragged book would land; null while the drop would change nothing. */
  target: DropTarget | null;
}

const DragStateContext = createContext<DragState>({ enabled: false, activeId: null, target: null });

function rowBoxes(
  containers: { id: UniqueIdentifier; disabled: boolean }[],
  rects: Map<UniqueIdentifier, ClientRect>,
): RowBox[] {
  return containers
    .flatMap((c) => {
      const rect = rects.get(c.id);
      return rect && !c.disabled ? [{ id: String(c.id), top: rect.top, height: rect.height }] : [];
    })
    .sort((a, b) => a.top - b.top);
}

/**
 * The pointer's row and half (SPEC.md §4); for the keyboard, which moves the dragged row onto each
 * neighbour in turn, the row under the dragged row's centre, on the far side from where the book started.
 */
const rowCollision: CollisionDetection = ({
  active,
  droppableContainers,
  droppableRects,
  pointerCoordinates,
  collisionRect,
}) => {
  const rows = rowBoxes(droppableContainers, droppableRects);
  const target = pointerCoordinates
    ? dropTargetAt(rows, pointerCoordinates.y)
    : keyboardDropTarget(rows, String(active.id), collisionRect.top + collisionRect.height / 2);
  return target ? [{ id: target.id, data: { side: target.side } }] : [];
};

/** Rows keep their places while a book is dragged: the placeholder line shows where it will land. */
const rowsStayPut: SortingStrategy = () => null;

function targetOf(collisions: Collision[] | null): DropTarget | null {
  const first = collisions?.[0];
  const side: unknown = first?.data?.side;
  return first && (side === 'above' || side === 'below') ? { id: String(first.id), side } : null;
}

export interface ReorderAreaProps {
  /** Ids of the rows in the order shown. */
  ids: string[];
  enabled: boolean;
  titleOf(id: string): string;
  onMove(id: string, order: string[]): void;
  renderOverlay(id: string): ReactNode;
  children: ReactNode;
}

export function ReorderArea({ ids, enabled, titleOf, onMove, renderOverlay, children }: ReorderAreaProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const [rawTarget, setRawTarget] = useState<DropTarget | null>(null);

  const target = activeId && rawTarget && movedOrder(ids, activeId, rawTarget) ? rawTarget : null;

  const onDragStart = ({ active }: DragStartEvent) => {
    setActiveId(String(active.id));
    setRawTarget(null);
  };
  const onDragMove = ({ collisions }: DragMoveEvent) => {
    const next = targetOf(collisions);
    setRawTarget((now) => (now?.id === next?.id && now?.side === next?.side ? now : next));
  };
  const reset = () => {
    setActiveId(null);
    setRawTarget(null);
  };
  const onDragEnd = ({ active, collisions }: DragEndEvent) => {
    reset();
    const id = String(active.id);
    const dropTarget = targetOf(collisions);
    const order = dropTarget ? movedOrder(ids, id, dropTarget) : null;
    if (order) onMove(id, order);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(String(active.id))}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(String(active.id))} is over ${titleOf(String(over.id))}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(String(active.id))} was dropped at ${titleOf(String(over.id))}.`
        : `${titleOf(String(active.id))} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(String(active.id))} was cancelled.`,
  };

  const state = useMemo(() => ({ enabled, activeId, target }), [enabled, activeId, target]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={rowCollision}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={reset}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a book, press Space or Enter, move it with the Up and Down arrow keys, then press Space or Enter to drop it. Escape cancels.',
        },
      }}
    >
      <SortableContext items={ids} strategy={rowsStayPut} disabled={!enabled}>
        <DragStateContext.Provider value={state}>{children}</DragStateContext.Provider>
      </SortableContext>
      <DragOverlay dropAnimation={null}>{activeId ? renderOverlay(activeId) : null}</DragOverlay>
    </DndContext>
  );
}

/** What one row needs: its node, the handle's props, and whether the placeholder sits above or below it. */
export function useReorderableRow(id: string) {
  const { enabled, activeId, target } = useContext(DragStateContext);
  // The row's transform is not applied: rows stay put and the placeholder shows the drop.
  const { setNodeRef, setActivatorNodeRef, attributes, listeners } = useSortable({ id, disabled: !enabled });
  return {
    enabled,
    setNodeRef,
    setHandleRef: setActivatorNodeRef,
    handleProps: { ...attributes, ...listeners },
    isDragging: activeId === id,
    dropSide: target?.id === id ? target.side : null,
  };
}
