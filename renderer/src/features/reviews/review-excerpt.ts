// Long review texts are cut at 300 characters on the work page, with 'Read more' to see the rest
// (SPEC.md §2, §9).
export const REVIEW_EXCERPT_LENGTH = 300;

/**
 * The first 300 characters followed by an ellipsis, or null when the text is short enough to show whole.
 * Characters are code points, so an emoji is never split in half.
 */
export function reviewExcerpt(text: string, length = REVIEW_EXCERPT_LENGTH): string | null {
  const characters = [...text];
  if (characters.length <= length) return null;
  return `${characters.slice(0, length).join('').trimEnd()}…`;
}
