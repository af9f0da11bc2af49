// How a New Releases card states its date: published, or coming, on a day written out in full.

/** "Published 3 March 2026", or "Coming 3 March 2026" for a date after `today` (both YYYY-MM-DD). */
export function releaseLine(date: string, today: string): string {
  const day = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${date > today ? 'Coming' : 'Published'} ${day}`;
}
