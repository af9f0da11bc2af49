// How /stats names periods, months and figures, in one place for the charts and their tables.
import type { InsightsPeriod } from '@shared/domain/reading-insights';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const periodName = (period: InsightsPeriod): string =>
  period === 'all' ? 'all time' : String(period);

/** 'YYYY-MM' as 'Mar'; a 'YYYY' label (all time) stays as it is. */
export const shortUnit = (label: string): string =>
  label.length === 7 ? (MONTHS[Number(label.slice(5)) - 1] ?? label) : label;

/** 'YYYY-MM' as 'March 2025'; a 'YYYY' label stays as it is. */
export const longUnit = (label: string): string =>
  label.length === 7 ? `${LONG_MONTHS[Number(label.slice(5)) - 1] ?? ''} ${label.slice(0, 4)}` : label;

export const number = (n: number): string => n.toLocaleString('en-US');
