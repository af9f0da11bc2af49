import { describe, expect, it } from 'vitest';
import { formatGoalFigure, paceText, todayIn } from './goal-text';

describe('paceText', () => {
  it('is ahead when progress beats target × the part of the year gone', () => {
    // 1 July 2025 is day 182 of 365: 24 × 182/365 ≈ 12.
    expect(paceText(24, 15, '2025-07-01')).toBe('3 ahead');
    expect(paceText(24, 12, '2025-07-01')).toBe('0 ahead');
  });

  it('is behind, counted in the goal’s unit, when progress lags', () => {
    expect(paceText(24, 4, '2025-07-01')).toBe('8 behind');
    expect(paceText(10_000, 0, '2025-12-31')).toBe('10000 behind');
  });

  it('counts today as elapsed, so a goal met on 1 January is ahead by the rest', () => {
    expect(paceText(365, 1, '2025-01-01')).toBe('0 ahead');
  });
});

describe('todayIn', () => {
  it('takes the day in the reader’s zone', () => {
    const instant = new Date('2025-03-01T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2025-03-01');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2025-03-02');
  });
});

describe('formatGoalFigure', () => {
  it('shows whole numbers with separators and hours with one decimal', () => {
    expect(formatGoalFigure(12)).toBe('12');
    expect(formatGoalFigure(12_500)).toBe('12,500');
    expect(formatGoalFigure(3.5)).toBe('3.5');
  });
});
