import { describe, expect, it } from 'vitest';
import type { ReadingLog } from '@shared/api/reading';
import { locationSummary } from '@shared/domain/progress';
import { applyLogUpdate, draftOf, logUpdate, parseLogInput, unitLabel } from './log-inputs';

const log = (values: Partial<ReadingLog> = {}): ReadingLog => ({
  id: '7b0b7c3e-1f57-4a43-9d2c-5d1a0c9f3a01',
  created_at: '2025-03-04T10:00:00.000Z',
  event_type: 'progress',
  journal_md: '<p>Hello</p>',
  start_page: null,
  end_page: null,
  start_percent: null,
  end_percent: null,
  is_public: true,
  work_id: '0c9a3c50-4c5b-4d7e-8a34-2f3c1b2d4e5f',
  editions: { id: '5e3b1f0a-2c4d-4e6f-8a9b-0c1d2e3f4a5b', title: 'Middlemarch', cover_url: null },
  imported: false,
  read_started_at: null,
  ...values,
});

describe('parseLogInput', () => {
  it('page-based: empty is null, anything else a whole number', () => {
    expect(parseLogInput('', 'page')).toBeNull();
    expect(parseLogInput('  ', 'page')).toBeNull();
    expect(parseLogInput('42', 'page')).toBe(42);
    expect(parseLogInput(' 7 ', 'page')).toBe(7);
    expect(parseLogInput('12.9', 'page')).toBe(12);
    expect(parseLogInput('0', 'page')).toBe(0);
  });

  it('percent-based: empty is null, anything else a number', () => {
    expect(parseLogInput('', 'percent')).toBeNull();
    expect(parseLogInput('12.5', 'percent')).toBe(12.5);
    expect(parseLogInput('100', 'percent')).toBe(100);
  });

  it('has no other bounds', () => {
    expect(parseLogInput('-3', 'page')).toBe(-3);
    expect(parseLogInput('250', 'percent')).toBe(250);
    expect(parseLogInput('99999', 'page')).toBe(99999);
  });

  it('reads something that is not a number (a lone minus sign while typing) as empty', () => {
    expect(parseLogInput('-', 'page')).toBeNull();
    expect(parseLogInput('abc', 'percent')).toBeNull();
  });
});

describe('draftOf', () => {
  it('loads the page values of a page-based log', () => {
    expect(draftOf(log({ start_page: 10, end_page: null }))).toEqual({
      mode: 'page',
      draft: { start: '10', end: '', journal: '<p>Hello</p>' },
    });
  });

  it('loads the percent values otherwise, and treats a log without a location as percent-based', () => {
    expect(draftOf(log({ start_percent: 5.5, end_percent: 20 })).draft).toMatchObject({
      start: '5.5',
      end: '20',
    });
    expect(draftOf(log({ journal_md: null }))).toEqual({
      mode: 'percent',
      draft: { start: '', end: '', journal: null },
    });
  });

  it("labels the unit 'pages' or '%'", () => {
    expect(unitLabel('page')).toBe('pages');
    expect(unitLabel('percent')).toBe('%');
  });
});

describe('logUpdate', () => {
  it('sends id, the journal and the page values of a page-based log', () => {
    expect(logUpdate('id-1', 'page', { start: '3', end: '', journal: '<p>x</p>' })).toEqual({
      id: 'id-1',
      journal_md: '<p>x</p>',
      start_page: 3,
      end_page: null,
    });
  });

  it('sends the percent values of a percent-based log and null for an empty journal', () => {
    expect(logUpdate('id-1', 'percent', { start: '', end: '40.5', journal: null })).toEqual({
      id: 'id-1',
      journal_md: null,
      start_percent: null,
      end_percent: 40.5,
    });
  });
});

describe('applyLogUpdate and the location summary', () => {
  it('stores pages and clears percents, so the list shows the new summary', () => {
    const before = log({ start_percent: 10, end_percent: 20 });
    expect(locationSummary(before)).toBe('10%-20%');
    const after = applyLogUpdate(before, { id: before.id, journal_md: null, start_page: 5, end_page: 9 });
    expect(after).toMatchObject({ start_page: 5, end_page: 9, start_percent: null, end_percent: null });
    expect(after.journal_md).toBeNull();
    expect(locationSummary(after)).toBe('Pages 5-9');
  });

  it("stores percents, with '?' for a missing side, and 'No location' when both are cleared", () => {
    const before = log({ start_page: 1, end_page: 2 });
    const half = applyLogUpdate(before, { id: before.id, start_percent: null, end_percent: 50 });
    expect(locationSummary(half)).toBe('?-50%');
    const cleared = applyLogUpdate(before, { id: before.id, start_percent: null, end_percent: null });
    expect(locationSummary(cleared)).toBe('No location');
    expect(locationSummary(log({ start_page: 12, end_page: null }))).toBe('Pages 12-?');
  });
});
