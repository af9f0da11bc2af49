// Browser pieces jsdom lacks, for this folder's component tests: an IntersectionObserver the test can fire
// (infinite scroll), a phone-width matchMedia, and row boxes for drag and drop.
import { vi } from 'vitest';
import { fixedMediaQuery } from '../../../testing/media-query';
import { MOBILE_QUERY } from '../../../theme';

const observers = new Set<{ callback: IntersectionObserverCallback; elements: Element[] }>();

/** Installs the fake observer; `scrollToEnd()` tells every live one its element came into view. */
export function installIntersectionObserver() {
  observers.clear();
  class FakeObserver {
    private entry: { callback: IntersectionObserverCallback; elements: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: [] };
      observers.add(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.push(element);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    scrollToEnd() {
      for (const { callback, elements } of [...observers]) {
        const entries = elements.map(
          (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
        );
        callback(entries, {} as IntersectionObserver);
      }
    },
  };
}

/** Makes MOBILE_QUERY match, as on a phone. */
export function installPhoneWidth() {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => fixedMediaQuery(query, query === MOBILE_QUERY);
  return () => {
    window.matchMedia = original;
  };
}

const box = (left: number, top: number, width: number, height: number): DOMRect => ({
  x: left,
  y: top,
  top,
  left,
  width,
  height,
  right: left + width,
  bottom: top + height,
  toJSON: () => ({ left, top, width, height }),
});

/**
 * Gives every table body row a 40 px box stacked from y = 100, so drag and drop can measure them; the drag
 * overlay (placed by inline style over the row it was lifted from) gets the box its style gives it.
 */
export function installRowBoxes() {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const row = this.closest('tbody > tr');
    if (row === this) {
      const index = Array.from(row.parentElement?.children ?? []).indexOf(row);
      return box(0, 100 + index * 40, 800, 40);
    }
    // dnd-kit measures the overlay's only child, which fills the positioned overlay.
    const overlay = [this, this.parentElement].find(
      (e): e is HTMLElement =>
        e instanceof HTMLElement && e.style.position === 'fixed' && e.style.height !== '',
    );
    if (overlay) {
      const { top, left, width, height } = overlay.style;
      return box(parseFloat(left), parseFloat(top), parseFloat(width), parseFloat(height));
    }
    return original.call(this);
  };
  // As in a browser, a newly observed element is reported once: dnd-kit measures the overlay then.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private callback: ResizeObserverCallback) {}
      observe(target: Element) {
        setTimeout(() =>
          this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver),
        );
      }
      unobserve() {}
      disconnect() {}
    },
  );
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}
