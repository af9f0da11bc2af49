import { describe, expect, it } from 'vitest';
import { oauthProfilePayload, splitFullName } from './oauth-profile';

describe('splitFullName', () => {
  it('takes the first and the last word', () => {
    expect(splitFullName('  Ada  Augusta King  ')).toEqual({ first_name: 'Ada', last_name: 'King' });
    expect(splitFullName('Plato')).toEqual({ first_name: 'Plato', last_name: '' });
    expect(splitFullName('')).toEqual({ first_name: '', last_name: '' });
  });
});

describe('oauthProfilePayload', () => {
  it('builds the register-oauth-user payload from the Google metadata', () => {
    const user = {
      id: '8d0f4a55-2f55-4a53-9d4e-2a3a0c1b9f10',
      email: 'ada@example.test',
      pendingEmail: null,
      metadata: { full_name: 'Ada Lovelace', picture: 'https://example.test/ada.png' },
    };
    expect(oauthProfilePayload(user)).toEqual({
      user_id: user.id,
      email: 'ada@example.test',
      first_name: 'Ada',
      last_name: 'Lovelace',
      avatar_url: 'https://example.test/ada.png',
    });
  });

  it('sends a null avatar when the provider has none', () => {
    const user = { id: 'x', email: null, pendingEmail: null, metadata: { name: 'Bo' } };
    expect(oauthProfilePayload(user)).toMatchObject({ email: '', first_name: 'Bo', avatar_url: null });
  });
});
