// The structured parts of a review (SPEC.md §3) with their ids and labels, the limits of SPEC.md §5/§9,
// and the texts users see when a limit is broken. Server and clients share these, so a label or a limit
// is written down exactly once.

export interface ReviewOption {
  readonly id: number;
  readonly label: string;
}

export const MOODS = [
  { id: 1, label: 'Adventurous' },
  { id: 2, label: 'Emotional' },
  { id: 3, label: 'Humorous' },
  { id: 4, label: 'Mysterious' },
  { id: 5, label: 'Inspiring' },
  { id: 6, label: 'Informative' },
  { id: 7, label: 'Relaxing' },
  { id: 8, label: 'Reflective' },
  { id: 9, label: 'Dark' },
  { id: 10, label: 'Tense' },
] as const satisfies readonly ReviewOption[];

export const QUALITIES = [
  { id: 1, label: 'Rich world building' },
  { id: 2, label: 'Twist-heavy' },
  { id: 3, label: 'Beautiful prose' },
  { id: 4, label: 'Diverse representation' },
  { id: 5, label: 'Thought-provoking themes' },
] as const satisfies readonly ReviewOption[];

export const CONTENT_WARNINGS = [
  { id: 1, label: 'Violence' },
  { id: 2, label: 'Sexual assault' },
  { id: 3, label: 'Abuse' },
  { id: 4, label: 'Death/Grief' },
  { id: 5, label: 'Substance abuse' },
  { id: 6, label: 'Self-harm' },
  { id: 7, label: 'Animal harm' },
  { id: 8, label: 'Graphic gore' },
] as const satisfies readonly ReviewOption[];

/** Severity of a content warning; 0 (None) means the warning does not apply. */
export const WARNING_SEVERITIES = [
  { id: 0, label: 'None' },
  { id: 1, label: 'Minor' },
  { id: 2, label: 'Moderate' },
  { id: 3, label: 'Severe' },
] as const satisfies readonly ReviewOption[];

export const TONES = [
  { id: 1, label: 'Light' },
  { id: 2, label: 'Mild' },
  { id: 3, label: 'Neutral' },
  { id: 4, label: 'Serious' },
  { id: 5, label: 'Dark' },
] as const satisfies readonly ReviewOption[];

export const PACES = [
  { id: 1, label: 'Slow' },
  { id: 2, label: 'Medium' },
  { id: 3, label: 'Fast' },
] as const satisfies readonly ReviewOption[];

export const STORY_FOCUSES = [
  { id: 1, label: 'Plot-driven' },
  { id: 2, label: 'Character-driven' },
  { id: 3, label: 'Mixed' },
] as const satisfies readonly ReviewOption[];

/**
 * What a review says until the reader picks: nothing. Tone, pace and story focus start unchosen (issue 25:
 * SPEC.md §5's defaults of 3, 2 and 3 became votes nobody cast, so an imported star rating read as
 * "Medium, Mixed, Neutral"); recommend starts at skip. Null is stored and counted as no vote.
 */
export const REVIEW_DEFAULTS = { tone: null, pace: null, story_focus: null, recommend: null } as const;

export const REVIEW_LIMITS = {
  ratingMin: 0.25,
  ratingMax: 5,
  ratingStep: 0.25,
  headlineMax: 200,
  bodyMax: 2000,
  moodsMax: 10,
  qualitiesMax: 5,
  /** "Popular moods" on the work page. */
  topMoods: 4,
} as const;

/** What a reader is told when a review breaks a rule; the SPEC.md texts verbatim where it has one. */
export const REVIEW_MESSAGES = {
  ratingRequired: 'Please select a rating',
  ratingRange: 'Rating must be between 0.25 and 5, in steps of 0.25',
  headlineTooLong: 'Headline must be at most 200 characters',
  bodyTooLong: 'Review must be at most 2000 characters',
  tooManyMoods: 'Maximum 10 moods selected',
  tooManyQualities: 'Maximum 5 qualities selected',
  unknownMood: 'Unknown mood selected',
  unknownQuality: 'Unknown quality selected',
  duplicateMood: 'Each mood can be selected once',
  duplicateQuality: 'Each quality can be selected once',
  unknownWarning: 'Unknown content warning selected',
  warningSeverity: 'Content warning severity must be 0 (None) to 3 (Severe)',
  tone: 'Tone must be a whole number from 1 to 5',
  pace: 'Pace must be a whole number from 1 to 3',
  storyFocus: 'Story focus must be a whole number from 1 to 3',
  signedOut: 'You must be logged in to submit a review',
  saveFailed: 'Failed to save review',
} as const;

const idsOf = (options: readonly ReviewOption[]) => new Set(options.map((o) => o.id));
const MOOD_IDS = idsOf(MOODS);
const QUALITY_IDS = idsOf(QUALITIES);
const WARNING_IDS = idsOf(CONTENT_WARNINGS);

export const isMoodId = (value: number) => MOOD_IDS.has(value);
export const isQualityId = (value: number) => QUALITY_IDS.has(value);
/** Content warnings travel as a JSON object, so their ids arrive as keys: '1'..'8', nothing else. */
export const isWarningKey = (key: string) => /^[1-9]\d*$/.test(key) && WARNING_IDS.has(Number(key));
export const isWarningSeverity = (value: number) => Number.isInteger(value) && value >= 0 && value <= 3;

/** A rating the reader chose: 0.25 to 5 in quarter steps (0 is "not chosen"). */
export const isValidRating = (value: number) =>
  value >= REVIEW_LIMITS.ratingMin && value <= REVIEW_LIMITS.ratingMax && Number.isInteger(value * 4);

const isWholeBetween = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;
/** An optional choice: absent (null) or one of the options' whole ids. */
const isChoiceOrNone = (value: number | null, min: number, max: number) =>
  value === null || isWholeBetween(value, min, max);

export interface ReviewDraft {
  rating?: number | null;
  /** Null: the reader did not say. */
  tone: number | null;
  pace: number | null;
  story_focus: number | null;
  headline: string;
  review_body: string | null;
  mood_ids: readonly number[];
  quality_ids: readonly number[];
  content_warnings: Readonly<Record<string, number>>;
}

const hasDuplicates = (values: readonly number[]) => new Set(values).size !== values.length;
/** Length in characters (code points), as the database's char_length counts it. */
const charCount = (text: string) => [...text].length;

/** The first rule a review draft breaks, as the message a reader sees; null when it breaks none. */
export function reviewProblem(draft: ReviewDraft): string | null {
  const m = REVIEW_MESSAGES;
  if (draft.rating == null || draft.rating === 0) return m.ratingRequired;
  if (!isValidRating(draft.rating)) return m.ratingRange;
  if (charCount(draft.headline) > REVIEW_LIMITS.headlineMax) return m.headlineTooLong;
  if (draft.review_body != null && charCount(draft.review_body) > REVIEW_LIMITS.bodyMax) return m.bodyTooLong;
  if (!isChoiceOrNone(draft.tone, 1, 5)) return m.tone;
  if (!isChoiceOrNone(draft.pace, 1, 3)) return m.pace;
  if (!isChoiceOrNone(draft.story_focus, 1, 3)) return m.storyFocus;
  if (draft.mood_ids.length > REVIEW_LIMITS.moodsMax) return m.tooManyMoods;
  if (!draft.mood_ids.every(isMoodId)) return m.unknownMood;
  if (hasDuplicates(draft.mood_ids)) return m.duplicateMood;
  if (draft.quality_ids.length > REVIEW_LIMITS.qualitiesMax) return m.tooManyQualities;
  if (!draft.quality_ids.every(isQualityId)) return m.unknownQuality;
  if (hasDuplicates(draft.quality_ids)) return m.duplicateQuality;
  for (const [key, severity] of Object.entries(draft.content_warnings)) {
    if (!isWarningKey(key)) return m.unknownWarning;
    if (!isWarningSeverity(severity)) return m.warningSeverity;
  }
  return null;
}

export const labelOf = (options: readonly ReviewOption[], id: number): string | null =>
  options.find((o) => o.id === id)?.label ?? null;
