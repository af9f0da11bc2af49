// Open Library's free-text fields (publish dates, MARC pagination, physical formats) in our forms.

const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');

// Matching on the first three letters also accepts "Sept." and most European spellings ("Juni", "Marzo").
function monthNumber(name: string): number | null {
  if (/^\d{1,2}$/.test(name)) return Number(name);
  const index = name.length >= 3 ? MONTHS.indexOf(name.slice(0, 3).toLowerCase()) : -1;
  return index === -1 ? null : index + 1;
}

function isoDate(year: number, month: number, day: number): string | null {
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const date = new Date(Date.UTC(year, month - 1, day));
  return month >= 1 && month <= 12 && date.toISOString().startsWith(iso) ? iso : null;
}

// Each pattern lists which capture groups hold the year, month and (optionally) day.
const DATE_PATTERNS: [RegExp, number, number, number?][] = [
  [/^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/, 1, 2, 3],
  [/^([a-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i, 3, 1, 2],
  [/^(\d{1,2}) ([a-z]+\.?),? (\d{4})$/i, 3, 2, 1],
  [/^([a-z]+\.?),? (\d{4})$/i, 2, 1],
];

/** Free-text publish dates ("April 29, 2003", "Apr 2003", "c1999") to YYYY-MM-DD; a bare year becomes Jan 1. */
export function parsePublishDate(input: string): string | null {
  const s = input.trim().replace(/\s+/g, ' ');
  for (const [pattern, y, mo, d] of DATE_PATTERNS) {
    const m = pattern.exec(s);
    const month = m && monthNumber(m[mo] ?? '');
    if (m && month) return isoDate(Number(m[y]), month, Number((d && m[d]) ?? 1));
  }
  // Anything else ("c1999", "[2003?]", "1st ed. 2003", "Spring 2003"): keep the year when there is exactly one.
  const years = s.match(/(?<!\d)(1[4-9]\d\d|20\d\d)(?!\d)/g);
  return years?.length === 1 ? isoDate(Number(years[0]), 1, 1) : null;
}

/** Page count from a MARC-style pagination string ("xii, 480 p. : ill."); roman front matter is ignored. */
export function parsePagination(pagination: string | null): number | null {
  if (!pagination) return null;
  const counts = [...pagination.matchAll(/(\d+)\s*(?:p\b|pp\b|pages?\b)/gi)].map((m) => Number(m[1]));
  if (/^\d+$/.test(pagination.trim())) counts.push(Number(pagination.trim()));
  const pages = counts.length ? Math.max(...counts) : 0;
  return pages > 0 ? pages : null;
}

export function mapPhysicalFormat(format: string | null): string | null {
  const f = format?.toLowerCase() ?? '';
  if (f.includes('mass market')) return 'Mass Market Paperback';
  if (/hard ?(cover|back)|library binding/.test(f)) return 'Hardcover';
  if (/paper ?back|soft ?(cover|back)|trade paper/.test(f)) return 'Paperback';
  if (/e-?book|electronic|kindle|epub/.test(f)) return 'Ebook';
  return null;
}
