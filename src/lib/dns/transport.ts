// One DNS exchange with one server: UDP first, TCP when the UDP answer is truncated.
import dgram from 'node:dgram';
import net from 'node:net';
import { randomInt } from 'node:crypto';
import * as packet from 'dns-packet';
import { DnsError } from './errors.ts';
import type { DnsServer } from './servers.ts';

export type QueryType = 'A' | 'AAAA' | 'MX' | 'TXT';

/** dns-packet's decoder sets `rcode`, but its typings omit it. */
export type Response = packet.DecodedPacket & { rcode?: string };

const MAX_TCP_MESSAGE = 65535 + 2;

export async function exchange(
  server: DnsServer,
  name: string,
  type: QueryType,
  timeoutMs: number,
): Promise<Response> {
  const udp = await exchangeUdp(server, name, type, timeoutMs);
  // A truncated answer may have lost records (e.g. half of a DKIM key): ask again over TCP.
  if (!udp.flag_tc) return udp;
  return exchangeTcp(server, name, type, timeoutMs);
}

function queryPacket(name: string, type: QueryType): packet.Packet & { id: number } {
  const id = randomInt(0, 65536); // random ids make off-path spoofing harder
  return { type: 'query', id, flags: packet.RECURSION_DESIRED, questions: [{ type, name, class: 'IN' }] };
}

/** A reply belongs to our query only if id, QR bit and question all match. */
function matches(res: Response, id: number, name: string, type: QueryType): boolean {
  if (res.id !== id || !res.flag_qr) return false;
  const q = res.questions?.[0];
  // Some servers omit the question in error replies (e.g. FORMERR); accept those on id alone.
  if (!q) return true;
  return q.type === type && q.name.toLowerCase().replace(/\.$/, '') === name;
}

function tryDecode(buf: Buffer): Response | null {
  try {
    return packet.decode(buf) as Response;
  } catch {
    return null;
  }
}

function exchangeUdp(server: DnsServer, name: string, type: QueryType, timeoutMs: number): Promise<Response> {
  const q = queryPacket(name, type);
  const id = q.id;
  const buf = packet.encode(q);
  const socket = dgram.createSocket(net.isIPv6(server.host) ? 'udp6' : 'udp4');
  return new Promise<Response>((resolve, reject) => {
    let done = false;
    const finish = (err: Error | null, res?: Response) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      try {
        socket.close();
      } catch {
        // already closed
      }
      if (err) reject(err);
      else resolve(res as Response);
    };
    const timer = setTimeout(() => finish(new DnsError('TIMEOUT', name, type)), timeoutMs);
    socket.on('message', (msg, rinfo) => {
      // Ignore datagrams from elsewhere or for other queries; keep waiting until the timer.
      if (rinfo.port !== server.port) return;
      const res = tryDecode(msg);
      if (res && matches(res, id, name, type)) finish(null, res);
    });
    // Network errors (e.g. ICMP port unreachable) mean "no answer from this server".
    socket.on('error', () => finish(new DnsError('TIMEOUT', name, type)));
    socket.send(buf, server.port, server.host, (err) => {
      if (err) finish(new DnsError('TIMEOUT', name, type));
    });
  });
}

function exchangeTcp(server: DnsServer, name: string, type: QueryType, timeoutMs: number): Promise<Response> {
  const q = queryPacket(name, type);
  const id = q.id;
  const query = packet.streamEncode(q);
  return new Promise<Response>((resolve, reject) => {
    let done = false;
    let received = Buffer.alloc(0);
    const socket = net.connect({ host: server.host, port: server.port });
    const finish = (err: Error | null, res?: Response) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(res as Response);
    };
    const timer = setTimeout(() => finish(new DnsError('TIMEOUT', name, type)), timeoutMs);
    socket.on('connect', () => socket.write(query));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length > MAX_TCP_MESSAGE) return finish(new DnsError('SERVFAIL', name, type));
      if (received.length < 2) return;
      const len = received.readUInt16BE(0);
      if (received.length < len + 2) return;
      const res = tryDecode(received.subarray(2, 2 + len));
      // Over our own connection a garbled or foreign reply is a broken server, not spoofing.
      if (!res || !matches(res, id, name, type)) return finish(new DnsError('SERVFAIL', name, type));
      finish(null, res);
    });
    socket.on('error', () => finish(new DnsError('TIMEOUT', name, type)));
    socket.on('close', () => finish(new DnsError('TIMEOUT', name, type)));
  });
}
