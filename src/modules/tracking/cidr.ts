// CIDR lists matched per tracking hit (10,000 hits/s): the lists are compiled once,
// and the common case (a plain dotted quad, or the ::ffff: form a dual-stack socket
// reports) is parsed with a char loop and no regex. Plain IPv6 text
// (hex groups, one "::") too; only unusual text (zone ids, brackets, embedded dotted
// quads, short IPv4 forms) goes through the shared parser.
import { parseIp } from "../../lib/net/address-policy.ts";

type V4Range = { base: number; mask: number };
type V6Range = { groups: number[]; bits: number };

export interface CidrList {
  v4: V4Range[];
  v6: V6Range[];
}

/** Compiles "a.b.c.d/n" and "x:y::/n" entries; a malformed entry throws (it is our own constant). */
export function compileCidrs(entries: readonly string[]): CidrList {
  const list: CidrList = { v4: [], v6: [] };
  for (const entry of entries) {
    const [addr, len] = entry.split("/");
    const p = parseIp(addr);
    const bits = Number(len);
    if (!p || !Number.isInteger(bits) || bits < 0 || bits > (p.version === 4 ? 32 : 128)) {
      throw new Error(`bad CIDR ${entry}`);
    }
    if (p.version === 4) {
      const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
      list.v4.push({ base: (p.value & mask) >>> 0, mask });
    } else {
      list.v6.push({ groups: p.groups, bits });
    }
  }
  return list;
}

/** A dotted quad from `s[from..]` as an unsigned 32-bit number, or -1. */
function quadAt(s: string, from: number): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      // "017" is octal to inet_aton and WHATWG: leave non-canonical text to parseIp.
      if (digits === 1 && part === 0) return -1;
      part = part * 10 + (c - 48);
      if (++digits > 3 || part > 255) return -1;
    } else if (c === 46 && digits > 0 && dots < 3) {
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots++;
    } else {
      return -1;
    }
  }
  if (dots !== 3 || digits === 0) return -1;
  return value * 256 + part;
}

/** The IPv4 address an IP text means (plain, or IPv4-mapped IPv6), else -1. */
function v4Of(ip: string): number {
  const direct = quadAt(ip, 0);
  if (direct >= 0) return direct;
  // "::ffff:17.58.1.2" is how a dual-stack listener reports an IPv4 peer.
  if (ip.length > 7 && ip.charCodeAt(0) === 58 && ip.startsWith("::ffff:")) return quadAt(ip, 7);
  return -1;
}

/** Hex groups of `s[from..to)` ("1:db8:a") appended to `out`; false when malformed. */
function groupsInto(s: string, from: number, to: number, out: number[]): boolean {
  if (from === to) return true;
  let value = 0;
  let digits = 0;
  for (let i = from; i <= to; i++) {
    const c = i === to ? 58 : s.charCodeAt(i);
    if (c === 58) {
      if (digits === 0) return false;
      out.push(value);
      value = 0;
      digits = 0;
      continue;
    }
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (d < 0 || ++digits > 4) return false;
    value = value * 16 + d;
  }
  return true;
}

/** Plain IPv6 text (hex groups, at most one "::") as 8 groups; null sends other forms to parseIp. */
function v6Of(s: string): number[] | null {
  const gap = s.indexOf("::");
  const head: number[] = [];
  if (gap === -1) return groupsInto(s, 0, s.length, head) && head.length === 8 ? head : null;
  if (s.indexOf("::", gap + 1) !== -1) return null;
  const tail: number[] = [];
  if (!groupsInto(s, 0, gap, head) || !groupsInto(s, gap + 2, s.length, tail)) return null;
  if (head.length + tail.length > 7) return null;
  while (head.length + tail.length < 8) head.push(0);
  return head.concat(tail);
}

function inV6(groups: number[], r: V6Range): boolean {
  let bits = r.bits;
  for (let i = 0; bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((groups[i] & mask) !== (r.groups[i] & mask)) return false;
  }
  return true;
}

/** A parsed address, reusable against several lists. */
export type Address = { v4: number; v6: number[] | null };

export function parseAddress(ip: string): Address | null {
  const v4 = v4Of(ip);
  if (v4 >= 0) return { v4, v6: null };
  const fast = v6Of(ip);
  const p = fast ? ({ version: 6, groups: fast } as const) : parseIp(ip);
  if (!p) return null;
  if (p.version === 4) return { v4: p.value, v6: null };
  const g = p.groups;
  // IPv4-mapped in any spelling (::ffff:1152:0102) still means the IPv4 peer.
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff) {
    return { v4: g[6] * 0x10000 + g[7], v6: null };
  }
  return { v4: -1, v6: g };
}

export function inCidrs(a: Address | null, list: CidrList): boolean {
  if (!a) return false;
  if (a.v6 === null) {
    for (const r of list.v4) if (((a.v4 & r.mask) >>> 0) === r.base) return true;
    return false;
  }
  for (const r of list.v6) if (inV6(a.v6, r)) return true;
  return false;
}
