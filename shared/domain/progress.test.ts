import { describe, expect, it } from 'vitest';
import type { LocationValues } from './progress';
import { currentProgress, locationMode, locationSummary } from './progress';

const at = (v: Partial<LocationValues>): LocationValues => ({
  start_page: null,
  end_page: null,
  start_percent: null,
  end_percent: null,
  ...v,
});

describe('current progress', () => {
  it('shows page 1 and 0% when only a start is known', () => {
    expect(currentProgress(null, 300)).toEqual({ page: 1, exact_percent: 0, percent: 0 });
    expect(currentProgress(at({}), null)).toEqual({ page: 1, exact_percent: 0, percent: 0 });
  });

  it('uses the percentage when present, rounded', () => {
    expect(currentProgress(at({ start_percent: 10, end_percent: 33.6 }), 300)).toEqual({
      page: null,
      exact_percent: 33.6,
      percent: 34,
    });
  });

  it('otherwise divides the page by the page count, rounded and capped', () => {
    expect(currentProgress(at({ start_page: 1, end_page: 100 }), 300)).toMatchObject({
      page: 100,
      percent: 33,
    });
    expect(currentProgress(at({ start_page: 50 }), 300)).toMatchObject({ page: 50, percent: 17 });
    expect(currentProgress(at({ end_page: 500 }), 300)).toMatchObject({ page: 500, percent: 100 });
  });

  it('shows 0% for a page when the page count is unknown', () => {
    expect(currentProgress(at({ end_page: 120 }), null)).toEqual({
      page: 120,
      exact_percent: null,
      percent: 0,
    });
  });
});

describe('location summary', () => {
  it('reads page ranges, with ? for a missing side', () => {
    expect(locationSummary(at({ start_page: 1, end_page: 50 }))).toBe('Pages 1-50');
    expect(locationSummary(at({ end_page: 50 }))).toBe('Pages ?-50');
    expect(locationSummary(at({ start_page: 7 }))).toBe('Pages 7-?');
  });

  it('reads percent ranges, with ? for a missing side', () => {
    expect(locationSummary(at({ start_percent: 0, end_percent: 12.5 }))).toBe('0%-12.5%');
    expect(locationSummary(at({ end_percent: 40 }))).toBe('?-40%');
  });

  it('prefers pages when both are set and says No location when neither is', () => {
    expect(locationSummary(at({ start_page: 3, start_percent: 5 }))).toBe('Pages 3-?');
    expect(locationSummary(at({}))).toBe('No location');
    expect(locationMode(at({ end_page: 2 }))).toBe('page');
    expect(locationMode(at({ end_percent: 2 }))).toBe('percent');
    expect(locationMode(at({}))).toBe('percent');
  });
});
