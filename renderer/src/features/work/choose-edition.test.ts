import { describe, expect, it } from 'vitest';
import { chooseEditionId } from './choose-edition';

const editions = [{ id: 'first' }, { id: 'second' }];

describe('chooseEditionId', () => {
  it('takes the edition in the path before anything else', () => {
    expect(
      chooseEditionId({
        pathEditionId: 'path',
        queryEditionId: 'query',
        primaryEditionId: 'primary',
        editions,
      }),
    ).toBe('path');
  });

  it('takes the ?edition= query when the path has none', () => {
    expect(
      chooseEditionId({
        pathEditionId: undefined,
        queryEditionId: 'query',
        primaryEditionId: 'primary',
        editions,
      }),
    ).toBe('query');
  });

  it('falls back to the primary edition, then to the first one', () => {
    const none = { pathEditionId: undefined, queryEditionId: null };
    expect(chooseEditionId({ ...none, primaryEditionId: 'primary', editions })).toBe('primary');
    expect(chooseEditionId({ ...none, primaryEditionId: null, editions })).toBe('first');
    expect(chooseEditionId({ ...none, primaryEditionId: null, editions: undefined })).toBeNull();
    expect(chooseEditionId({ ...none, primaryEditionId: null, editions: [] })).toBeNull();
  });

  it('ignores a blank query', () => {
    expect(
      chooseEditionId({
        pathEditionId: undefined,
        queryEditionId: ' ',
        primaryEditionId: 'primary',
        editions,
      }),
    ).toBe('primary');
  });
});
