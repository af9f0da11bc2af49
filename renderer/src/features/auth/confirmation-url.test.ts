import { describe, expect, it } from 'vitest';
import { trustedConfirmationUrl } from './confirmation-url';

const origins = ['http://localhost:8787', 'https://shelfwise.example'];
const verify =
  'http://localhost:8787/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A8787%2F';

describe('trustedConfirmationUrl', () => {
  it('passes our own verification link unchanged', () => {
    expect(trustedConfirmationUrl(verify, origins)).toBe(verify);
    expect(trustedConfirmationUrl('https://shelfwise.example/auth/v1/verify?token=t', origins)).toBe(
      'https://shelfwise.example/auth/v1/verify?token=t',
    );
  });

  it('treats absent and unparsable values as missing', () => {
    expect(trustedConfirmationUrl(null, origins)).toBeNull();
    expect(trustedConfirmationUrl('', origins)).toBeNull();
    expect(trustedConfirmationUrl('not a url', origins)).toBeNull();
    expect(trustedConfirmationUrl('/auth/v1/verify?token=t', origins)).toBeNull();
  });

  it('refuses script, data and other schemes', () => {
    expect(
      trustedConfirmationUrl('javascript:alert(1)//http://localhost:8787/auth/v1/verify', origins),
    ).toBeNull();
    expect(trustedConfirmationUrl('JaVaScRiPt:alert(1)', origins)).toBeNull();
    expect(trustedConfirmationUrl('data:text/html,<script>alert(1)</script>', origins)).toBeNull();
    expect(trustedConfirmationUrl('ftp://localhost:8787/auth/v1/verify', origins)).toBeNull();
  });

  it('refuses other hosts, look-alike hosts, ports and credentials tricks', () => {
    expect(trustedConfirmationUrl('https://evil.example/auth/v1/verify?token=t', origins)).toBeNull();
    expect(trustedConfirmationUrl('http://localhost:8787.evil.example/auth/v1/verify', origins)).toBeNull();
    expect(trustedConfirmationUrl('http://localhost:9999/auth/v1/verify', origins)).toBeNull();
    expect(trustedConfirmationUrl('http://localhost:8787@evil.example/auth/v1/verify', origins)).toBeNull();
    expect(trustedConfirmationUrl('http://user:pw@localhost:8787/auth/v1/verify', origins)).toBeNull();
    expect(
      trustedConfirmationUrl('https://shelfwise.example.evil.example/auth/v1/verify', origins),
    ).toBeNull();
  });

  it('refuses other paths on our own server', () => {
    expect(trustedConfirmationUrl('http://localhost:8787/sf/delete-user', origins)).toBeNull();
    expect(trustedConfirmationUrl('http://localhost:8787/auth/v1/verify/../../sf/x', origins)).toBeNull();
  });
});
