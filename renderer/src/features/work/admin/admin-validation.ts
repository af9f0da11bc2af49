// The admin tools' own checks (SPEC.md §5 "Admin date", "Primary edition", "Edition authors"), worded as
// the server words them, so a refused form reads the same whichever side caught it.
import { ADMIN_MESSAGES } from '@shared/api/admin';

export function workDateProblem(lock: boolean, date: string, dateString: string): string | null {
  return lock && (date.trim() === '' || dateString.trim() === '')
    ? ADMIN_MESSAGES.dateAndStringRequired
    : null;
}

export function primaryEditionProblem(lock: boolean, editionId: string): string | null {
  return lock && editionId === '' ? ADMIN_MESSAGES.editionRequired : null;
}

/** 'a, b,,c ' → ['a', 'b', 'c']: comma-separated, trimmed, blanks dropped. */
export function parseAuthorIds(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function editionAuthorsProblem(editionId: string | null, authorIds: readonly string[]): string | null {
  if (!editionId) return ADMIN_MESSAGES.noEditionSelected;
  if (authorIds.length === 0) return ADMIN_MESSAGES.authorsRequired;
  return null;
}
