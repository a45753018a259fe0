// Which IP addresses an outbound request (webhooks) may reach. Everything that is
// not plainly globally routable is refused: loopback, private, link-local, cloud
// metadata, CGNAT, multicast, reserved and documentation ranges, and the IPv6
// forms that embed such an IPv4 address (mapped, compatible, NAT64, 6to4).
// Unparseable input is never public (fail closed).

export type ParsedIp = { version: 4; value: number } | { version: 6; groups: number[] };

const DOTTED_QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
// Characters of the numeric IPv4 forms WHATWG accepts (2130706433, 0x7f.1, 0177.0.0.1).
const LOOSE_V4 = /^[0-9a-fx.]+$/i;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

function parseDottedQuad(s: string): number | null {
  const m = DOTTED_QUAD.exec(s);
  if (!m) return null;
  let value = 0;
  for (let i = 1; i <= 4; i++) {
    const part = m[i];
    // A leading zero means octal to inet_aton and WHATWG: not the canonical form.
    if (part.length > 1 && part[0] === '0') return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

function parseIPv4(s: string): number | null {
  const strict = parseDottedQuad(s);
  if (strict !== null || !LOOSE_V4.test(s)) return strict;
  // Let the WHATWG host parser normalise decimal/octal/hex forms exactly as fetch would.
  try {
    return parseDottedQuad(new URL(`http://${s}/`).hostname);
  } catch {
    return null;
  }
}

function parseIPv6(input: string): number[] | null {
  let s = input.toLowerCase();
  const zone = s.indexOf('%');
  if (zone !== -1) s = s.slice(0, zone);
  if (s.includes('.')) {
    // Trailing dotted IPv4 (::ffff:127.0.0.1) becomes two hex groups.
    const cut = s.lastIndexOf(':');
    const v4 = parseDottedQuad(s.slice(cut + 1));
    if (cut === -1 || v4 === null) return null;
    s = `${s.slice(0, cut + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const parts = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  const groups: number[] = [];
  for (const p of parts) {
    if (!HEX_GROUP.test(p)) return null;
    groups.push(parseInt(p, 16));
  }
  return groups;
}

/** Parses an IPv4 or IPv6 address (brackets and an IPv6 zone id are accepted). */
export function parseIp(ip: string): ParsedIp | null {
  if (ip.includes(':')) {
    const bracketed = ip.startsWith('[') && ip.endsWith(']');
    const groups = parseIPv6(bracketed ? ip.slice(1, -1) : ip);
    return groups ? { version: 6, groups } : null;
  }
  const value = parseIPv4(ip);
  return value === null ? null : { version: 4, value };
}

function formatIPv6(g: number[]): string {
  // RFC 5952: compress the longest run (≥ 2) of zero groups.
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (g[i] !== 0) { i++; continue; }
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLen) { bestStart = i; bestLen = j - i; }
    i = j;
  }
  const hex = g.map((n) => n.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

function formatIPv4(v: number): string {
  return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
}

/** Canonical text of an address (no brackets), or null when it is not an IP address. */
export function normaliseIp(ip: string): string | null {
  const p = parseIp(ip);
  if (!p) return null;
  return p.version === 4 ? formatIPv4(p.value) : formatIPv6(p.groups);
}

// [base, prefix length] of IPv4 ranges that are not globally reachable.
const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT shared space
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, includes the 169.254.169.254 metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes 255.255.255.255 broadcast
];

const V4_RANGES = V4_BLOCKED.map(([base, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: (parseDottedQuad(base)! & mask) >>> 0, mask };
});

function isPublicV4(v: number): boolean {
  for (const r of V4_RANGES) if (((v & r.mask) >>> 0) === r.base) return false;
  return true;
}

function isPublicV6(g: number[]): boolean {
  const embeddedV4 = g[6] * 0x10000 + g[7];
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped): the stack connects to the IPv4 address.
  if (zeroTo(5) && g[5] === 0xffff) return isPublicV4(embeddedV4);
  // 64:ff9b::/96 (well-known NAT64 prefix): the translator connects to the IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0) {
    return isPublicV4(embeddedV4);
  }
  // Only 2000::/3 is global unicast; ::, ::1, ::/96 (compatible), fc00::/7, fe80::/10,
  // fec0::/10, ff00::/8, 100::/64, 64:ff9b:1::/48, 5f00::/16 all fall outside it.
  if ((g[0] & 0xe000) !== 0x2000) return false;
  // 2001::/23 IETF assignments (Teredo, benchmarking, ORCHID): refused as a whole.
  if (g[0] === 0x2001 && (g[1] & 0xfe00) === 0) return false;
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x3fff && (g[1] & 0xf000) === 0) return false; // documentation 3fff::/20
  // 2002::/16 6to4: the IPv4 address sits in bits 16..48.
  if (g[0] === 0x2002) return isPublicV4(g[1] * 0x10000 + g[2]);
  return true;
}

/** True only for a parseable IP address that is globally reachable. */
export function isPublicAddress(ip: string): boolean {
  const p = parseIp(ip);
  if (!p) return false;
  return p.version === 4 ? isPublicV4(p.value) : isPublicV6(p.groups);
}
