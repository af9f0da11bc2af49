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
