// Calendar days in a reader's own time zone, for stats, goals and the streak. Days are 'YYYY-MM-DD' strings
// so they compare and sort as text.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of a time zone, to the second. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a time zone name the platform's Intl knows (e.g. 'Asia/Tokyo', 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '') return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA zone of the device this code runs on, when the platform's Intl reports one it knows; undefined
 * otherwise (some embedded browsers report nothing, or a zone the server's Intl does not know). Clients send
 * it as the reader's zone; the server never takes its own zone for a reader's.
 */
export function deviceTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : undefined;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (Intl: a few microseconds a call). */
function offsetAt(ms: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  // setUTCFullYear, not Date.UTC, which would read years 0-99 as 1900-1999.
  const wall = new Date(0);
  wall.setUTCFullYear(part('year'), part('month') - 1, part('day'));
  wall.setUTCHours(part('hour'), part('minute'), part('second'));
  return wall.getTime() - (ms - (((ms % 1000) + 1000) % 1000));
}

// Stats walk every event a reader ever logged, and asking Intl for each one's day dominated their cost. A
// zone's offset changes a few times a year, so it is kept per UTC hour: an hour whose two ends agree has one
// offset throughout (two transitions within one hour never happen). An hour with a transition inside is
// marked and its instants asked one by one. The cache is shared by all readers of a zone and bounded.
const HOUR_MS = 3_600_000;
/** Entries per cache before it starts over: megabytes at most, and far more than readers' days need. */
const MAX_CACHED = 200_000;
const TRANSITION = Number.NaN;
let cachedHours = 0;
const hourOffsets = new Map<string, Map<number, number>>();

function offsetOf(ms: number, timeZone: string): number {
  let zone = hourOffsets.get(timeZone);
  if (!zone) hourOffsets.set(timeZone, (zone = new Map()));
  const hour = Math.floor(ms / HOUR_MS);
  let offset = zone.get(hour);
  if (offset === undefined) {
    const first = offsetAt(hour * HOUR_MS, timeZone);
    offset = first === offsetAt(hour * HOUR_MS + HOUR_MS - 1, timeZone) ? first : TRANSITION;
    if (cachedHours >= MAX_CACHED) {
      hourOffsets.clear();
      hourOffsets.set(timeZone, (zone = new Map()));
      cachedHours = 0;
    }
    zone.set(hour, offset);
    cachedHours += 1;
  }
  return Number.isNaN(offset) ? offsetAt(ms, timeZone) : offset;
}

const DAY_MS = 86_400_000;
const dayNames = new Map<number, string>();

/** 'YYYY-MM-DD' of a day counted from 1970-01-01; a reader's days repeat, so each is named once. */
function dayName(dayNumber: number): string {
  let name = dayNames.get(dayNumber);
  if (name === undefined) {
    name = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
    if (dayNames.size >= MAX_CACHED) dayNames.clear();
    dayNames.set(dayNumber, name);
  }
  return name;
}

/** The calendar day an instant falls on in a time zone. */
export function localDay(instant: Date | string, timeZone: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Invalid time value: ${String(instant)}`);
  return dayName(Math.floor((ms + offsetOf(ms, timeZone)) / DAY_MS));
}

/** The day `offset` days after `day` (negative for before). */
export function addDays(day: string, offset: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

export const yearOf = (day: string): number => Number(day.slice(0, 4));
