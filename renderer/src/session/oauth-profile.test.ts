import { describe, expect, it } from 'vitest';
import { oauthProfilePayload } from './oauth-profile';

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
    expect(oauthProfilePayload(user)).toMatchObject({
      email: '',
      first_name: 'Bo',
      last_name: '',
      avatar_url: null,
    });
  });

  it('leaves out a picture the server would refuse, so the profile is still made', () => {
    const user = {
      id: 'x',
      email: null,
      pendingEmail: null,
      metadata: { name: 'Bo', picture: 'data:image/png;base64,AA' },
    };
    expect(oauthProfilePayload(user)).toMatchObject({ avatar_url: null });
  });
});
