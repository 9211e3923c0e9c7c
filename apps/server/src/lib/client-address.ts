import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(ip: string): number[] {
  let address = ip.split('%')[0]!;
  // a dotted IPv4 tail (::ffff:192.0.2.7) is two groups written another way
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left, right] = address.includes('::') ? address.split('::') : [address, undefined];
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const l = parse(left);
  const r = parse(right);
  return [...l, ...Array<number>(8 - l.length - r.length).fill(0), ...r];
}

/**
 * Every address that cannot be read shares one key: a proxy writing `ip:port` or a client-chosen
 * spelling must not give each request a fresh allowance.
 */
const UNREADABLE = 'unreadable-address';

/**
 * The address as Node spells it, from what a proxy may write into X-Forwarded-For: an IPv4 with
 * a port (`192.0.2.7:4711`) or leading zeros (`192.000.002.007`), an IPv6 in brackets with or
 * without a port (`[2001:db8::1]:443`). Null when it is no address at all.
 */
function plainAddress(value: string): string | null {
  if (isIPv4(value) || isIPv6(value)) return value;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) return isIPv6(bracketed[1] as string) ? (bracketed[1] as string) : null;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::\d{1,5})?$/.exec(value);
  if (v4) {
    const octets = v4.slice(1, 5).map(Number);
    return octets.every((o) => o <= 255) ? octets.join('.') : null;
  }
  return null;
}

/**
 * The key a per-address limit counts under: an IPv4 address as it is, an IPv6 address by its
 * /64 network. One IPv6 client is normally given a whole /64, so counting single addresses would
 * let it pick a fresh one per request; an IPv4-mapped IPv6 address counts as its IPv4 address.
 * `raw` may be undefined despite Fastify's types: `request.ip` is, once the connection is gone
 * (a client whose body broke the parser, answered and cut off while its hooks still ran).
 */
export function addressKey(raw: string | undefined): string {
  if (raw === undefined) return UNREADABLE;
  const ip = plainAddress(raw.trim());
  if (ip === null) return UNREADABLE;
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}
