import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * IPv4 ranges a user-typed server name must not lead to: this host, its private networks and
 * the cloud metadata address among them (SSRF). As [first address, prefix length].
 */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT, shared address space
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // the retired 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** IPv6 ranges refused outright (those carrying an IPv4 address are checked by that address). */
const BLOCKED_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translates into the network's own IPv4 space
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: a tunnel whose far end is an IPv4 address hidden in the bits
  ['2001:db8::', 32], // documentation
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['fc00::', 7], // unique-local
  ['ff00::', 8], // multicast
];

function v4ToBigInt(address: string): bigint {
  return address.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
}

/** The 128 bits of an IPv6 address (`isIP` has said it is one). A zone (`%eth0`) is dropped. */
function v6ToBigInt(address: string): bigint {
  let text = address.split('%')[0]!.toLowerCase();
  // a trailing dotted quad (::ffff:1.2.3.4) is two groups
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function inRange(value: bigint, bits: number, base: bigint, prefix: number): boolean {
  const shift = BigInt(bits - prefix);
  return value >> shift === base >> shift;
}

const isPublicV4 = (value: bigint) => !BLOCKED_V4.some(([base, prefix]) => inRange(value, 32, v4ToBigInt(base), prefix));

/**
 * Whether an IP address is one the server may connect to for a user: public unicast only. IPv6
 * addresses that carry an IPv4 one (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`,
 * SIIT's IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002:aabb:ccdd::/48`)
 * are judged by that IPv4 address, so `::ffff:127.0.0.1` is loopback.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) return isPublicV4(v4ToBigInt(address));
  if (family !== 6) return false;
  const value = v6ToBigInt(address);
  const embedsV4 =
    inRange(value, 128, 0xffff00000000n, 96) ||
    inRange(value, 128, 0xffff000000000000n, 96) ||
    inRange(value, 128, 0n, 96) ||
    inRange(value, 128, 0x0064ff9b000000000000000000000000n, 96);
  if (embedsV4 && value > 1n) return isPublicV4(value & 0xffffffffn);
  // 6to4: the IPv4 address of the tunnel's far end is bits 16 to 48
  if (inRange(value, 128, 0x20020000000000000000000000000000n, 16)) return isPublicV4((value >> 80n) & 0xffffffffn);
  return !BLOCKED_V6.some(([base, prefix]) => inRange(value, 128, v6ToBigInt(base), prefix));
}

/** Why a host gave no address to connect to. */
export class AddressRefusal extends Error {
  constructor(readonly reason: 'not-found' | 'private') {
    super(reason === 'not-found' ? 'the host name has no address' : 'the host name leads to a private or local address');
  }
}

/**
 * The addresses to connect to for a host name the user typed: every address it resolves to
 * (or the IP address typed), in the resolver's order. Refuses the whole name when any address
 * is not public (unless `allowPrivate`): a name with one public and one private address would
 * otherwise reach the private one on the next lookup. The caller connects to these addresses,
 * never to the name, so the name cannot resolve elsewhere between this check and the connect.
 */
export async function resolveAllowedAddresses(host: string, allowPrivate: boolean): Promise<string[]> {
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(literal)) {
    addresses = [literal];
  } else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new AddressRefusal('not-found');
    }
  }
  if (addresses.length === 0) throw new AddressRefusal('not-found');
  if (!allowPrivate && !addresses.every(isPublicAddress)) throw new AddressRefusal('private');
  return addresses;
}
