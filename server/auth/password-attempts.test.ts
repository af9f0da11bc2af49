import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from './limits';
import { clientKey, signInDelayMs } from './password-attempts';

describe('clientKey', () => {
  it('keeps IPv4 addresses, and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('unknown')).toBe('unknown');
  });

  it('counts one IPv6 /64 as one client, however its addresses are written', () => {
    const key = clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::1')).toBe(key);
    expect(clientKey('2001:DB8:1:2:ffff::')).toBe(key);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});

describe('signInDelayMs', () => {
  const strict = DEFAULT_RATE_LIMITS.token_failures.max;
  it('waits only once an account has failed more often than one address may, then doubles', () => {
    expect(signInDelayMs(1, DEFAULT_RATE_LIMITS)).toBe(0);
    expect(signInDelayMs(strict, DEFAULT_RATE_LIMITS)).toBe(0);
    expect(signInDelayMs(strict + 1, DEFAULT_RATE_LIMITS)).toBe(250);
    expect(signInDelayMs(strict + 2, DEFAULT_RATE_LIMITS)).toBe(500);
    expect(signInDelayMs(strict + 3, DEFAULT_RATE_LIMITS)).toBe(1000);
    expect(signInDelayMs(strict + 50, DEFAULT_RATE_LIMITS)).toBe(4000);
    expect(signInDelayMs(1_000_000, DEFAULT_RATE_LIMITS)).toBe(4000);
  });
});
