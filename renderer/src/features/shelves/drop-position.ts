// Where a dragged row lands (SPEC.md §4): the placeholder goes above the hovered row when the pointer is in
// its upper half and below it in the lower half; the drop puts the item there. Pure, so the rules are tested
// without a browser; the drag-and-drop wiring feeds it measured row boxes.

export type DropSide = 'above' | 'below';

export interface RowBox {
  id: string;
  top: number;
  height: number;
}

export interface DropTarget {
  id: string;
  side: DropSide;
}

export function dropSideAt(y: number, box: Pick<RowBox, 'top' | 'height'>): DropSide {
  return y < box.top + box.height / 2 ? 'above' : 'below';
}

/** The row under `y` and the half it is in; past either end, the nearest row. Rows in screen order. */
export function dropTargetAt(rows: RowBox[], y: number): DropTarget | null {
  let nearest: RowBox | null = null;
  let nearestDistance = Infinity;
  for (const row of rows) {
    if (y >= row.top && y < row.top + row.height) return { id: row.id, side: dropSideAt(y, row) };
    const distance = Math.min(Math.abs(y - row.top), Math.abs(y - (row.top + row.height)));
    if (distance < nearestDistance) {
      nearest = row;
      nearestDistance = distance;
    }
  }
  return nearest ? { id: nearest.id, side: dropSideAt(y, nearest) } : null;
}

/** The order after dropping `activeId` on `target`; the same order when the drop changes nothing. */
export function orderAfterDrop(ids: string[], activeId: string, target: DropTarget): string[] {
  if (target.id === activeId || !ids.includes(activeId)) return ids;
  const others = ids.filter((id) => id !== activeId);
  const at = others.indexOf(target.id);
  if (at < 0) return ids;
  const insertAt = target.side === 'above' ? at : at + 1;
  return [...others.slice(0, insertAt), activeId, ...others.slice(insertAt)];
}

const sameOrder = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** The new order, or null when the drop leaves everything where it was. */
export function movedOrder(ids: string[], activeId: string, target: DropTarget): string[] | null {
  const next = orderAfterDrop(ids, activeId, target);
  return sameOrder(next, ids) ? null : next;
}

/**
 * For the keyboard, where the sortable keyboard steps put the dragged row onto its neighbours one at a
 * time: the row at `y`, with the placeholder on the far side of it from where the book started (below a
 * row after it, above a row before it), so each key press moves the book one place. Null on its own row.
 */
export function keyboardDropTarget(rows: RowBox[], activeId: string, y: number): DropTarget | null {
  const hovered = dropTargetAt(rows, y);
  const from = rows.findIndex((r) => r.id === activeId);
  const to = hovered ? rows.findIndex((r) => r.id === hovered.id) : -1;
  if (!hovered || from < 0 || to === from) return null;
  return { id: hovered.id, side: to > from ? 'below' : 'above' };
}

/** The sort keys of the items either side of `id` in `order`: what reorder-shelf-item calls above and below. */
export function neighbourKeys<T extends { id: string; sortKey: string }>(
  order: T[],
  id: string,
): { above: string | null; below: string | null } {
  const at = order.findIndex((entry) => entry.id === id);
  if (at < 0) return { above: null, below: null };
  return { above: order[at - 1]?.sortKey ?? null, below: order[at + 1]?.sortKey ?? null };
}
