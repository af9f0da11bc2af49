// Whether an IP address is one a cover response may send us to: a public unicast address, never loopback,
// private, link-local, shared (CGNAT), documentation, multicast or otherwise reserved space, in either family,
// nor an IPv6 form that embeds such an IPv4 address (::ffff:127.0.0.1, 64:ff9b::10.0.0.1, 2002:7f00:1::).
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}

const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/** The 8 groups of an IPv6 address as numbers, with any trailing dotted IPv4 part folded in. */
function groupsOf(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    if (!isIPv4(dotted)) return null;
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  const groups = all.map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN));
  return groups.some(Number.isNaN) ? null : groups;
}

const v4From = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 one carries (mapped, NAT64 well-known prefix, 6to4), or null. */
function embeddedV4(groups: number[]): string | null {
  const g = (i: number) => groups[i] ?? 0;
  const zeroBefore = (n: number) => groups.slice(0, n).every((group) => group === 0);
  if (zeroBefore(5) && g(5) === 0xffff) return v4From(g(6), g(7)); // ::ffff:a.b.c.d
  if (zeroBefore(4) && g(4) === 0xffff && g(5) === 0) return v4From(g(6), g(7)); // ::ffff:0:a.b.c.d (SIIT)
  if (g(0) === 0x64 && g(1) === 0xff9b && [2, 3, 4, 5].every((i) => g(i) === 0)) return v4From(g(6), g(7));
  if (g(0) === 0x2002) return v4From(g(1), g(2)); // 6to4 carries the IPv4 address in groups 1 and 2
  return null;
}

/** True only for a public unicast address; anything unparsable is not public. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !blockedV4.check(address, 'ipv4');
  if (!isIPv6(address)) return false;
  const groups = groupsOf(address);
  if (!groups) return false;
  const v4 = embeddedV4(groups);
  if (v4 !== null) return isPublicAddress(v4);
  const canonical = groups.map((g) => g.toString(16)).join(':');
  return !blockedV6.check(canonical, 'ipv6');
}
