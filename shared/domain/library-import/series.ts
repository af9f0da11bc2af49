// Goodreads writes a book's series into its title: "A Wizard of Earthsea (Earthsea Cycle, #1)". Matching
// needs the title alone, and the series is worth keeping on the work.

export interface SeriesPlace {
  name: string;
  /** As the source writes it: "1", "0.5", "1-3"; null when the source names the series only. */
  position: string | null;
}

// "(Name, #1)", "(Name #1)", "(Name, #1-3)", "(Name, #0.5)" at the very end. A parenthesis without "#N" is
// part of a title ("The Annotated Alice (Definitive Edition)") and stays.
const SUFFIX = /^(.*\S)\s*\(([^()#]*[^()#,\s])\s*,?\s*#\s*(\d+(?:\.\d+)?(?:\s*[-–]\s*\d+(?:\.\d+)?)?)\)\s*$/u;

/** The title without a trailing Goodreads series suffix, and that series; the title as it is when none. */
export function splitSeries(title: string): { title: string; series: SeriesPlace | null } {
  const m = SUFFIX.exec(title);
  if (!m) return { title, series: null };
  const [, rest = '', name = '', position = ''] = m;
  return {
    title: rest,
    series: { name: name.trim(), position: position.replace(/\s+/g, '').replace('–', '-') },
  };
}

/** How the work page names a series place: "Earthsea Cycle #1", or the name alone. */
export const seriesLabel = (s: SeriesPlace) => (s.position === null ? s.name : `${s.name} #${s.position}`);

// Open Library's editions name their series in free text, in library-catalogue shapes: "Earthsea Cycle ; 1",
// "Hainish Cycle, #4", "The Earthsea cycle -- bk. 2", "(Foundation series ; 3)". The same field also holds
// publishers' lines ("Penguin classics ; 1187", "Ace science fiction ; 47"), which are not a work's series,
// so only a name with a small position (at most 50) that does not read as a publisher's line is taken.
const OL_SERIES =
  /^\(?\s*(.*?[^\s,;(–-])\s*(?:;|,|--|–|-)?\s*(?:#|no\.?|nos\.?|vol\.?|v\.|book|bk\.?|part)?\s*(\d+(?:\.\d+)?(?:\s*[-–]\s*\d+(?:\.\d+)?)?)\s*\)?\.?$/iu;
const PUBLISHERS_LINE =
  /\b(?:classics?|library|paperbacks?|editions?|press|signet|spectra|masterworks|bestsellers?|penguin|bantam|ace|tor|daw|del rey|vintage|oxford|everyman'?s?)\b/iu;
const MAX_SERIES_POSITION = 50;

/** A work's series place from one of Open Library's `series` strings; null when it names none. */
export function parseOpenLibrarySeries(text: string): SeriesPlace | null {
  const m = OL_SERIES.exec(text.trim());
  if (!m) return null;
  const [, rawName = '', rawPosition = ''] = m;
  const name = rawName
    .replace(/\s+series$/iu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const position = rawPosition.replace(/\s+/g, '').replace('–', '-');
  if (name === '' || PUBLISHERS_LINE.test(name)) return null;
  if (Number.parseFloat(position) > MAX_SERIES_POSITION) return null;
  return { name, position };
}

/** The first series place any of the strings names. */
export const firstOpenLibrarySeries = (texts: readonly string[]): SeriesPlace | null =>
  texts.reduce<SeriesPlace | null>((found, text) => found ?? parseOpenLibrarySeries(text), null);
