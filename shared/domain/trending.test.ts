import { describe, expect, it } from 'vitest';
import { actWeight, HALF_LIFE_DAYS, trendLine, trendScore, TREND_WEIGHTS } from './trending';

const now = new Date('2026-11-27T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
const none = { finish: 0, review: 0, start: 0, shelve: 0 };

describe('trend score', () => {
  it('halves an act every half-life, so a burst fades within about a week', () => {
    const fresh = actWeight({ kind: 'start', at: now }, now);
    expect(fresh).toBe(TREND_WEIGHTS.start);
    expect(actWeight({ kind: 'start', at: daysAgo(HALF_LIFE_DAYS) }, now)).toBeCloseTo(fresh / 2);
    expect(actWeight({ kind: 'start', at: daysAgo(7) }, now)).toBeCloseTo(fresh / 4);
  });

  it('ranks four fresh starts above ten starts of six days ago', () => {
    const recent = Array.from({ length: 4 }, () => ({ kind: 'start' as const, at: daysAgo(0.5) }));
    const old = Array.from({ length: 10 }, () => ({ kind: 'start' as const, at: daysAgo(6) }));
    expect(trendScore(recent, 'week', now)).toBeGreaterThan(trendScore(old, 'week', now));
  });

  it('counts only acts inside the period', () => {
    const acts = [{ kind: 'finish' as const, at: daysAgo(10) }];
    expect(trendScore(acts, 'week', now)).toBe(0);
    expect(trendScore(acts, 'month', now)).toBeGreaterThan(0);
  });

  it('weighs a finish above a start above a shelving', () => {
    const one = (kind: 'finish' | 'start' | 'shelve') => trendScore([{ kind, at: now }], 'week', now);
    expect(one('finish')).toBeGreaterThan(one('start'));
    expect(one('start')).toBeGreaterThan(one('shelve'));
  });
});

describe('trend line', () => {
  it('names the act most readers did, in words that hold', () => {
    expect(trendLine({ ...none, start: 48, finish: 3 }, 'week')).toBe('48 readers started it this week');
    expect(trendLine({ ...none, finish: 1 }, 'month')).toBe('1 reader finished it this month');
    expect(trendLine({ ...none, shelve: 1200 }, 'week')).toBe('1,200 readers shelved it this week');
  });

  it('names the stronger act on a tie', () => {
    expect(trendLine({ ...none, start: 2, review: 2 }, 'week')).toBe('2 readers reviewed it this week');
  });

  it('says nothing when nobody did anything', () => {
    expect(trendLine(none, 'week')).toBeNull();
  });
});
