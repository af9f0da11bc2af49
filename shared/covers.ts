// The sizes a cover is stored and served at, shared by the server (which makes them) and the renderer
// (which lists them in srcset). Widths are in image pixels; every cover keeps the 2:3 shape of a book.

export const COVER_SIZES = {
  /** Lists and dashboards: shown 56–72 px wide, so this is sharp on a 2x screen. */
  thumb: 144,
  /** Author works and cards: shown up to ~120 px wide. */
  card: 240,
  /** The work page header: shown up to ~200 px wide. */
  header: 400,
} as const;

export type CoverSize = keyof typeof COVER_SIZES;

export const COVER_SIZE_NAMES = Object.keys(COVER_SIZES) as CoverSize[];

export const isCoverSize = (value: unknown): value is CoverSize =>
  typeof value === 'string' && Object.hasOwn(COVER_SIZES, value);

/** Height over width of every stored cover (and of the placeholder): a book's 2:3. */
export const COVER_ASPECT = 1.5;
