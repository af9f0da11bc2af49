// Dates as SPEC.md §9 shows them: short month, day, year ('Mar 4, 2025'), in the reader's own zone.
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** An ISO timestamp or 'YYYY-MM-DD' date as 'Mar 4, 2025'; '' for null or an unreadable value. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '';
  // A bare date is a calendar day, not midnight UTC: read it in local time so it never shifts a day.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : shortDate.format(date);
}
