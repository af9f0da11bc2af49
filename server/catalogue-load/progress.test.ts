import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Progress } from './progress';
import { ProgressMeter } from './progress';

describe('load progress', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['performance'] }));
  afterEach(() => vi.useRealTimers());

  it("tells the time left at the current step's pace, not the whole load's", () => {
    const seen: Progress[] = [];
    // Authors 100 bytes, matching 400 (read only: quick), works 300, editions 400.
    const meter = new ProgressMeter(1200, (p) => seen.push(p), 0);
    meter.at('authors', 100);
    meter.fileDone(100);
    vi.advanceTimersByTime(1000);
    meter.at('match', 400);
    meter.fileDone(400);
    vi.advanceTimersByTime(1000);
    meter.at('works', 0);
    vi.advanceTimersByTime(10_000);
    meter.records('works', 500);
    meter.at('works', 100);
    const last = seen.at(-1) as Progress;
    expect(last.step).toBe('works');
    expect(last.records).toBe(500);
    expect(last.recordsPerSecond).toBeCloseTo(50);
    expect(last.fraction).toBeCloseTo(600 / 1200);
    // 600 bytes left at 10 bytes a second (the works step's pace): not the 12 s the first 2 s would promise.
    expect(last.secondsLeft).toBeCloseTo(60);
  });
});
