import { describe, expect, it } from 'vitest';
import type { LocationValues } from './progress';
import { validateProgressEvent } from './progress-validation';

const at = (v: Partial<LocationValues>): LocationValues => ({
  start_page: null,
  end_page: null,
  start_percent: null,
  end_percent: null,
  ...v,
});
const error = (message: string) => ({ ok: false, message });

describe('progress by page', () => {
  it('accepts a range inside the book', () => {
    expect(validateProgressEvent('progress', at({ start_page: 1, end_page: 300 }), 300)).toEqual({
      ok: true,
      values: at({ start_page: 1, end_page: 300 }),
    });
  });

  it('keeps the start page between 1 and the page count', () => {
    expect(validateProgressEvent('progress', at({ start_page: 0, end_page: 5 }), 300)).toEqual(
      error('Start page must be between 1 and 300'),
    );
    expect(validateProgressEvent('progress', at({ start_page: 301 }), 300)).toEqual(
      error('Start page must be between 1 and 300'),
    );
  });

  it('bounds pages only by what can be stored when the page count is unknown', () => {
    expect(validateProgressEvent('progress', at({ start_page: 900, end_page: 950 }), null).ok).toBe(true);
    expect(validateProgressEvent('progress', at({ start_page: 100_001 }), null)).toEqual(
      error('Start page must be between 1 and 100000'),
    );
  });

  it('checks the end page: at least 1, at most the page count, not before the start', () => {
    expect(validateProgressEvent('progress', at({ end_page: 0 }), 300)).toEqual(
      error('End page must be at least 1'),
    );
    expect(validateProgressEvent('progress', at({ start_page: 1, end_page: 301 }), 300)).toEqual(
      error('End page must be at most 300'),
    );
    expect(validateProgressEvent('progress', at({ start_page: 40, end_page: 39 }), 300)).toEqual(
      error('End page must be greater than or equal to start page'),
    );
    expect(validateProgressEvent('progress', at({ start_page: 40, end_page: 40 }), 300).ok).toBe(true);
  });

  it('defaults an empty end to the page count when finishing, else to the start page', () => {
    expect(validateProgressEvent('finish', at({ start_page: 200 }), 300)).toEqual({
      ok: true,
      values: at({ start_page: 200, end_page: 300 }),
    });
    expect(validateProgressEvent('finish', at({ start_page: 200 }), null)).toEqual({
      ok: true,
      values: at({ start_page: 200, end_page: 200 }),
    });
    expect(validateProgressEvent('finish', at({}), 300)).toEqual({ ok: true, values: at({ end_page: 300 }) });
  });

  it('does not default the end of a plain progress update', () => {
    expect(validateProgressEvent('progress', at({ start_page: 10 }), 300)).toEqual({
      ok: true,
      values: at({ start_page: 10 }),
    });
  });
});

describe('progress by percent', () => {
  it('keeps both percentages between 0 and 100, end not before start', () => {
    expect(validateProgressEvent('progress', at({ start_percent: -1 }), 300)).toEqual(
      error('Start percentage must be between 0 and 100'),
    );
    expect(validateProgressEvent('progress', at({ start_percent: 10, end_percent: 100.5 }), 300)).toEqual(
      error('End percentage must be between 0 and 100'),
    );
    expect(validateProgressEvent('progress', at({ start_percent: 50, end_percent: 49.9 }), 300)).toEqual(
      error('End percentage must be greater than or equal to start percentage'),
    );
    expect(validateProgressEvent('progress', at({ start_percent: 0, end_percent: 12.5 }), null).ok).toBe(
      true,
    );
  });

  it('defaults an empty end to 100 when finishing, also without any location on an unknown page count', () => {
    expect(validateProgressEvent('finish', at({ start_percent: 80 }), 300)).toEqual({
      ok: true,
      values: at({ start_percent: 80, end_percent: 100 }),
    });
    expect(validateProgressEvent('finish', at({}), null)).toEqual({
      ok: true,
      values: at({ end_percent: 100 }),
    });
  });
});

describe('other events', () => {
  it('refuses pages and percentages together', () => {
    expect(validateProgressEvent('progress', at({ start_page: 1, end_percent: 5 }), 300)).toEqual(
      error('Send either page values or percentage values, not both.'),
    );
  });

  it('lets a dnf skip the range checks but not what cannot be stored', () => {
    expect(validateProgressEvent('dnf', at({ start_page: 250, end_page: 10 }), 100)).toEqual({
      ok: true,
      values: at({ start_page: 250, end_page: 10 }),
    });
    expect(validateProgressEvent('dnf', at({}), 100)).toEqual({ ok: true, values: at({}) });
    expect(validateProgressEvent('dnf', at({ end_page: 100_001 }), 100)).toEqual(
      error('Page numbers must be between 0 and 100000'),
    );
    expect(validateProgressEvent('dnf', at({ start_percent: 101 }), 100)).toEqual(
      error('Percentages must be between 0 and 100'),
    );
  });

  it('accepts events without a location', () => {
    for (const type of ['start', 'progress', 'pause', 'resume'] as const) {
      expect(validateProgressEvent(type, at({}), 300)).toEqual({ ok: true, values: at({}) });
    }
  });
});
