import { describe, expect, it } from 'vitest';
import {
  editionAuthorsProblem,
  parseAuthorIds,
  primaryEditionProblem,
  workDateProblem,
} from './admin-validation';

describe('admin tools validation (SPEC.md §5)', () => {
  it('needs both date and date string only when locking', () => {
    expect(workDateProblem(true, '1749-02-28', '')).toBe('Set date and date string');
    expect(workDateProblem(true, ' ', '1749')).toBe('Set date and date string');
    expect(workDateProblem(true, '1749-02-28', '1749')).toBeNull();
    expect(workDateProblem(false, '', '')).toBeNull();
  });

  it('needs an edition only when locking the primary edition', () => {
    expect(primaryEditionProblem(true, '')).toBe('Select edition');
    expect(primaryEditionProblem(true, 'e1')).toBeNull();
    expect(primaryEditionProblem(false, '')).toBeNull();
  });

  it('reads comma-separated author ids, trimmed, blanks dropped', () => {
    expect(parseAuthorIds(' a , b,, c ,')).toEqual(['a', 'b', 'c']);
    expect(parseAuthorIds(' , ')).toEqual([]);
  });

  it("says 'No edition selected' without an edition", () => {
    expect(editionAuthorsProblem(null, ['a'])).toBe('No edition selected');
    expect(editionAuthorsProblem('e1', [])).toBe('Enter at least one author id');
    expect(editionAuthorsProblem('e1', ['a'])).toBeNull();
  });
});
