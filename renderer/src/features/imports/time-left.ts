// How long a running import has left, from the pace the page itself has watched. The server reports only
// counts, so the page keeps its first sighting of the job and measures the rows done since: a job that was
// half done when the page opened is not credited with the first half's pace.

export interface ProgressSample {
  processed: number;
  /** Milliseconds since the epoch, when the page saw `processed`. */
  at: number;
}

/** Seconds until `total` rows are done at the pace from `first` to `latest`; null until there is a pace. */
export function secondsLeft(first: ProgressSample, latest: ProgressSample, total: number): number | null {
  const rows = latest.processed - first.processed;
  const elapsedMs = latest.at - first.at;
  if (rows <= 0 || elapsedMs <= 0) return null;
  const remaining = Math.max(0, total - latest.processed);
  return Math.ceil((remaining * elapsedMs) / rows / 1000);
}

/** 'About 3 minutes left', in words a reader (and a screen reader) takes in at a glance. */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null) return 'Working out the time left…';
  if (seconds < 10) return 'A few seconds left';
  if (seconds < 60) return `About ${Math.ceil(seconds / 10) * 10} seconds left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'About a minute left' : `About ${minutes} minutes left`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? 'About an hour left' : `About ${hours} hours left`;
}
