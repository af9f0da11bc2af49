import { describe, expect, it } from 'vitest';
import { formatTimeLeft, secondsLeft } from './time-left';

describe('secondsLeft', () => {
  it('extrapolates the pace the page has watched to the rows still to do', () => {
    // 100 rows in 10 s: the 400 left take 40 s.
    expect(secondsLeft({ processed: 0, at: 0 }, { processed: 100, at: 10_000 }, 500)).toBe(40);
  });

  it('credits only the rows done since the page first saw the job', () => {
    // 2,500 were done before the page opened; 100 more in 20 s leaves 2,400 at 5 a second.
    expect(secondsLeft({ processed: 2500, at: 0 }, { processed: 2600, at: 20_000 }, 5000)).toBe(480);
  });

  it('has no answer before any row has been done in sight', () => {
    expect(secondsLeft({ processed: 10, at: 0 }, { processed: 10, at: 5_000 }, 100)).toBeNull();
    expect(secondsLeft({ processed: 0, at: 0 }, { processed: 0, at: 0 }, 100)).toBeNull();
  });

  it('answers 0 once every row is done', () => {
    expect(secondsLeft({ processed: 0, at: 0 }, { processed: 100, at: 1_000 }, 100)).toBe(0);
  });
});

describe('formatTimeLeft', () => {
  it.each([
    [null, 'Working out the time left…'],
    [0, 'A few seconds left'],
    [9, 'A few seconds left'],
    [41, 'About 50 seconds left'],
    [60, 'About a minute left'],
    [150, 'About 3 minutes left'],
    [3600, 'About an hour left'],
    [3 * 3600, 'About 3 hours left'],
  ])('%s s reads %s', (seconds, words) => {
    expect(formatTimeLeft(seconds)).toBe(words);
  });
});
