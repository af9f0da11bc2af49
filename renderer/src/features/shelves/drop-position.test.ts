import { describe, expect, it } from 'vitest';
import {
  dropSideAt,
  dropTargetAt,
  keyboardDropTarget,
  movedOrder,
  neighbourKeys,
  orderAfterDrop,
} from './drop-position';
import type { RowBox } from './drop-position';

// Four rows 40 px tall, starting at y = 100.
const rows: RowBox[] = ['a', 'b', 'c', 'd'].map((id, i) => ({ id, top: 100 + i * 40, height: 40 }));
const ids = rows.map((r) => r.id);

describe('the placeholder half rule (SPEC.md §4)', () => {
  it('puts the placeholder above a row in its upper half and below it in its lower half', () => {
    expect(dropSideAt(100, rows[0]!)).toBe('above');
    expect(dropSideAt(119.9, rows[0]!)).toBe('above');
    expect(dropSideAt(120, rows[0]!)).toBe('below');
    expect(dropSideAt(139, rows[0]!)).toBe('below');
  });

  it('finds the hovered row, or the nearest one past either end', () => {
    expect(dropTargetAt(rows, 150)).toEqual({ id: 'b', side: 'above' });
    expect(dropTargetAt(rows, 175)).toEqual({ id: 'b', side: 'below' });
    expect(dropTargetAt(rows, 20)).toEqual({ id: 'a', side: 'above' });
    expect(dropTargetAt(rows, 900)).toEqual({ id: 'd', side: 'below' });
    expect(dropTargetAt([], 100)).toBeNull();
  });
});

describe('dropping', () => {
  it('moves the item above or below the target row', () => {
    expect(movedOrder(ids, 'd', { id: 'b', side: 'above' })).toEqual(['a', 'd', 'b', 'c']);
    expect(movedOrder(ids, 'd', { id: 'b', side: 'below' })).toEqual(['a', 'b', 'd', 'c']);
    expect(movedOrder(ids, 'a', { id: 'd', side: 'below' })).toEqual(['b', 'c', 'd', 'a']);
    expect(movedOrder(ids, 'c', { id: 'a', side: 'above' })).toEqual(['c', 'a', 'b', 'd']);
  });

  it('answers null for drops that change nothing', () => {
    expect(movedOrder(ids, 'b', { id: 'b', side: 'above' })).toBeNull();
    expect(movedOrder(ids, 'b', { id: 'a', side: 'below' })).toBeNull();
    expect(movedOrder(ids, 'b', { id: 'c', side: 'above' })).toBeNull();
    expect(movedOrder(ids, 'x', { id: 'a', side: 'above' })).toBeNull();
    expect(orderAfterDrop(ids, 'b', { id: 'zz', side: 'above' })).toEqual(ids);
  });

  it('names the new neighbours by sort key: null at the top and at the bottom', () => {
    const order = [
      { id: 'c', sortKey: 'k2' },
      { id: 'a', sortKey: 'k0' },
      { id: 'b', sortKey: 'k1' },
    ];
    expect(neighbourKeys(order, 'c')).toEqual({ above: null, below: 'k0' });
    expect(neighbourKeys(order, 'a')).toEqual({ above: 'k2', below: 'k1' });
    expect(neighbourKeys(order, 'b')).toEqual({ above: 'k0', below: null });
    expect(neighbourKeys(order, 'nope')).toEqual({ above: null, below: null });
  });
});

describe('keyboard steps (sortable keyboard coordinates land on each neighbour in turn)', () => {
  const centreOf = (id: string) => {
    const row = rows.find((r) => r.id === id)!;
    return row.top + row.height / 2;
  };
  const orderOver = (active: string, over: string) => {
    const target = keyboardDropTarget(rows, active, centreOf(over));
    return target ? orderAfterDrop(ids, active, target) : ids;
  };

  it('moves the book one place per row passed, down and up, to either end', () => {
    expect(orderOver('b', 'c')).toEqual(['a', 'c', 'b', 'd']);
    expect(orderOver('b', 'd')).toEqual(['a', 'c', 'd', 'b']);
    expect(orderOver('d', 'c')).toEqual(['a', 'b', 'd', 'c']);
    expect(orderOver('d', 'a')).toEqual(['d', 'a', 'b', 'c']);
  });

  it('changes nothing over its own row, so coming back restores the order', () => {
    expect(keyboardDropTarget(rows, 'a', centreOf('a'))).toBeNull();
    expect(orderOver('a', 'a')).toEqual(ids);
  });
});
