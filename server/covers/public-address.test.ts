import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '207.241.224.2', // archive.org
    '172.32.0.1', // just past 172.16/12
    '100.128.0.1', // just past 100.64/10
    '2001:4860:4860::8888',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
  ])('lets %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['the rest of 127/8', '127.255.0.9'],
    ['this network', '0.0.0.0'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.31.255.255'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local and cloud metadata', '169.254.169.254'],
    ['shared address space', '100.64.0.1'],
    ['documentation', '192.0.2.7'],
    ['benchmarking', '198.18.0.1'],
    ['multicast', '224.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 loopback written out', '0:0:0:0:0:0:0:1'],
    ['IPv6 unspecified', '::'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback in hex', '::ffff:7f00:1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped metadata service', '::ffff:169.254.169.254'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['NAT64 of a private address', '64:ff9b::a00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['unique local', 'fd12:3456::1'],
    ['link-local', 'fe80::1'],
    ['link-local with a zone', 'fe80::1%eth0'],
    ['multicast', 'ff02::1'],
    ['documentation', '2001:db8::1'],
    ['not an address', 'localhost'],
    ['empty', ''],
    ['bad IPv6', '1::2::3'],
  ])('refuses %s (%s)', (_, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
