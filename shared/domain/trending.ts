// What makes a book trending (issue 28): the distinct readers who started, finished, reviewed or shelved it
// in public lately, each counted once per kind at their latest such act, weighted by how much the act says
// about the book and faded with a half-life of HALF_LIFE_DAYS, so a burst fades within about a week. The
// trending job computes the same sum in SQL from these constants (server/features/discovery).

export const TRENDING_PERIODS = ['week', 'month'] as const;
export type TrendingPeriod = (typeof TRENDING_PERIODS)[number];

/** The order here breaks ties when two kinds have as many readers: the stronger act is named. */
export const TREND_KINDS = ['finish', 'review', 'start', 'shelve'] as const;
export type TrendKind = (typeof TREND_KINDS)[number];

/** The acts counted in a period, as their readers' latest within its window. */
export const PERIOD_DAYS: Record<TrendingPeriod, number> = { week: 7, month: 30 };

export const HALF_LIFE_DAYS = 3.5;
const DAY_MS = 86_400_000;

/** A finish or a review says more than a start, which says more than putting a book on a shelf. */
export const TREND_WEIGHTS: Record<TrendKind, number> = { finish: 3, review: 3, start: 2, shelve: 1 };

/** One reader's latest act of one kind on one book. */
export interface TrendAct {
  kind: TrendKind;
  at: Date;
}

/** One act's part of the score, `now` minus its time being its age (an act from the future counts as now). */
export function actWeight(act: TrendAct, now: Date): number {
  const ageDays = Math.max(0, now.getTime() - act.at.getTime()) / DAY_MS;
  return TREND_WEIGHTS[act.kind] * 0.5 ** (ageDays / HALF_LIFE_DAYS);
}

/** A book's score in a period: its acts inside the window, each faded by age. */
export function trendScore(acts: readonly TrendAct[], period: TrendingPeriod, now: Date): number {
  const since = now.getTime() - PERIOD_DAYS[period] * DAY_MS;
  return acts.filter((a) => a.at.getTime() > since).reduce((sum, a) => sum + actWeight(a, now), 0);
}

const VERBS: Record<TrendKind, string> = {
  finish: 'finished',
  review: 'reviewed',
  start: 'started',
  shelve: 'shelved',
};

/**
 * What is trending about a book, from the distinct readers per kind in the period: the kind with the most
 * readers ("48 readers started it this week"). Null when nobody did anything, so nothing untrue is said.
 */
export function trendLine(readers: Record<TrendKind, number>, period: TrendingPeriod): string | null {
  let best: TrendKind | null = null;
  for (const kind of TREND_KINDS) {
    if (readers[kind] > 0 && (best === null || readers[kind] > readers[best])) best = kind;
  }
  if (best === null) return null;
  const n = readers[best];
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'reader' : 'readers'} ${VERBS[best]} it this ${period}`;
}
