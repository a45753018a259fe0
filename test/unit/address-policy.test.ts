import { describe, expect, test } from 'bun:test';
import { isPublicAddress, normaliseIp, parseIp } from '../../src/lib/net/address-policy.ts';

const notPublic: Array<[string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback /8'],
  ['::1', 'IPv6 loopback'],
  ['0:0:0:0:0:0:0:1', 'IPv6 loopback, long form'],
  ['[::1]', 'bracketed'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network /8'],
  ['::', 'IPv6 unspecified'],
  ['10.0.0.1', 'private 10/8'],
  ['10.255.255.255', 'private 10/8 top'],
  ['172.16.0.1', 'private 172.16/12'],
  ['172.31.255.255', 'private 172.16/12 top'],
  ['192.168.1.1', 'private 192.168/16'],
  ['100.64.0.1', 'CGNAT'],
  ['100.127.255.255', 'CGNAT top'],
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'cloud metadata'],
  ['fd00:ec2::254', 'AWS IPv6 metadata'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'link-local with zone'],
  ['febf::1', 'fe80::/10 top'],
  ['fec0::1', 'deprecated site-local'],
  ['fc00::1', 'unique-local'],
  ['fdff:ffff::1', 'unique-local top'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast SSDP'],
  ['ff02::1', 'IPv6 multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved 240/4'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking top'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['3fff::1', 'IPv6 documentation 3fff::/20'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::FFFF:10.0.0.1', 'IPv4-mapped private, upper case'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::8.8.8.8', 'IPv4-compatible (deprecated) is never public'],
  ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
  ['64:ff9b::a00:1', 'NAT64 private, hex'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 metadata'],
  ['64:ff9b:1::808:808', 'local-use NAT64'],
  ['2002:7f00:1::', '6to4 loopback'],
  ['2002:c0a8:101::1', '6to4 192.168.1.1'],
  ['2002:a00:1::', '6to4 10.0.0.1'],
  ['2001::1', 'Teredo'],
  ['100::1', 'discard-only'],
  ['2130706433', 'decimal loopback'],
  ['0x7f.1', 'hex short loopback'],
  ['0x7f000001', 'hex loopback'],
  ['0177.0.0.1', 'octal loopback'],
  ['127.1', 'short loopback'],
  ['012.0.0.1', 'octal private'],
  ['', 'empty'],
  ['localhost', 'a name, not an address'],
  ['example.com', 'a name'],
  ['10.1', 'short form of 10.0.0.1'],
  ['192.168.257', 'short form of 192.168.1.1'],
  ['256.1.1.1', 'out of range'],
  ['1.2.3.4.5', 'too many parts'],
  ['1:2:3:4:5:6:7:8:9', 'too many groups'],
  ['1::2::3', 'two gaps'],
  ['12345::1', 'group too long'],
  ['::ffff:1.2.3', 'bad dotted tail'],
  [' 8.8.8.8', 'whitespace'],
  ['8.8.8.8/32', 'CIDR text'],
  ['[8.8.8.8]', 'bracketed IPv4'],
];

const isPublic: Array<[string, string]> = [
  ['8.8.8.8', 'Google DNS'],
  ['1.1.1.1', 'Cloudflare'],
  ['93.184.216.34', 'example.com'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['100.63.255.255', 'just below CGNAT'],
  ['100.128.0.1', 'just above CGNAT'],
  ['169.253.255.255', 'just below link-local'],
  ['198.17.255.255', 'just below benchmarking'],
  ['198.20.0.1', 'just above benchmarking'],
  ['223.255.255.255', 'just below multicast'],
  ['11.0.0.1', 'just above 10/8'],
  ['2606:4700:4700::1111', 'Cloudflare IPv6'],
  ['2a00:1450:4001:80b::200e', 'Google IPv6'],
  ['[2606:4700:4700::1111]', 'bracketed'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['64:ff9b::808:808', 'NAT64 public'],
  ['2002:808:808::1', '6to4 public'],
  ['134744072', 'decimal 8.8.8.8'],
  ['0x08.0x08.0x08.0x08', 'hex 8.8.8.8'],
  ['1.2.3', 'short form of 1.2.0.3'],
];

describe('isPublicAddress', () => {
  test.each(notPublic)('%s is not public (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
  test.each(isPublic)('%s is public (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('normaliseIp / parseIp', () => {
  test.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['010.0.0.1', '8.0.0.1'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['[::1]', '::1'],
    ['FE80::0001', 'fe80::1'],
    ['2001:0db8:0000:0000:0001:0000:0000:0001', '2001:db8::1:0:0:1'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['0:0:0:0:0:0:0:0', '::'],
  ])('%s → %s', (input, canonical) => {
    expect(normaliseIp(input)).toBe(canonical);
  });

  test('canonical IPv6 agrees with the WHATWG serialiser', () => {
    for (const ip of ['::ffff:127.0.0.1', '2001:db8:0:0:1:0:0:1', 'fe80::', '1::', '64:ff9b::10.0.0.1']) {
      expect(`[${normaliseIp(ip)}]`).toBe(new URL(`http://[${ip}]/`).hostname);
    }
  });

  test('names are not addresses', () => {
    expect(parseIp('example.com')).toBeNull();
    expect(parseIp('deadbeef.cafe')).toBeNull();
    expect(parseIp('1e1')).toBeNull();
  });
});
