// A zone-based loopback DNS server for tests: UDP and TCP on one 127.0.0.1 port.
// UDP answers over 512 bytes are truncated (TC bit) so clients must retry over TCP.
import dgram from 'node:dgram';
import net from 'node:net';
import * as packet from 'dns-packet';

export interface ZoneEntry {
  A?: string[];
  AAAA?: string[];
  /** `{ priority: 0, exchange: '.' }` alone is an RFC 7505 null MX. */
  MX?: { priority: number; exchange: string }[];
  /** One entry per record: a long string is split into 255-byte character-strings;
   *  an array gives the character-strings explicitly. */
  TXT?: (string | string[])[];
  CNAME?: string;
  /** 'servfail' / 'refused' answer with that rcode; 'timeout' never answers. */
  behavior?: 'servfail' | 'refused' | 'timeout';
  /** Restricts `behavior` to these query types (e.g. ['A', 'AAAA']); default all. */
  behaviorTypes?: string[];
  /** Seconds; default 300. */
  ttl?: number;
}

export type Zone = Record<string, ZoneEntry>;

export interface DnsQueryLog {
  name: string;
  type: string;
  transport: 'udp' | 'tcp';
}

export interface TestDnsServer {
  host: string;
  port: number;
  /** "127.0.0.1:PORT", usable as NEARBOUND_DNS_SERVERS. */
  servers: string;
  /** Every question received, in order. */
  queries: DnsQueryLog[];
  setZone(zone: Zone): void;
  updateZone(patch: Zone): void;
  /** Seconds for NXDOMAIN/NODATA (SOA TTL and MINIMUM). Default 30. */
  negativeTtl: number;
  close(): Promise<void>;
}

const UDP_LIMIT = 512;
const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** Splits a string into ≤255-byte character-strings (the TXT wire limit). */
export function splitTxt(value: string): Buffer[] {
  const bytes = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) parts.push(bytes.subarray(i, i + 255));
  return parts.length > 0 ? parts : [Buffer.alloc(0)];
}

export async function startDnsServer(initial: Zone = {}): Promise<TestDnsServer> {
  let zone = normalize(initial);
  const queries: DnsQueryLog[] = [];
  const state = { negativeTtl: 30 };

  function answer(query: packet.DecodedPacket, transport: 'udp' | 'tcp'): Buffer | null {
    const q = query.questions?.[0];
    if (!q) return null;
    queries.push({ name: key(q.name), type: q.type, transport });
    const base = { type: 'response' as const, id: query.id, questions: [q] };
    const flags = packet.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & packet.RECURSION_DESIRED);
    const entry = zone.get(key(q.name));
    const behavior = entry?.behaviorTypes && !entry.behaviorTypes.includes(q.type) ? undefined : entry?.behavior;
    if (behavior === 'timeout') return null;
    if (behavior === 'servfail') return packet.encode({ ...base, flags: flags | RCODE.SERVFAIL });
    if (behavior === 'refused') return packet.encode({ ...base, flags: flags | RCODE.REFUSED });
    if (!entry) return packet.encode({ ...base, flags: flags | RCODE.NXDOMAIN, authorities: [soa()] });
    const answers = records(q.name, q.type, 0);
    if (answers.length === 0) return packet.encode({ ...base, flags, authorities: [soa()] });
    return packet.encode({ ...base, flags, answers });
  }

  function records(name: string, type: string, depth: number): packet.Answer[] {
    const entry = zone.get(key(name));
    if (!entry || depth > 8) return [];
    const ttl = entry.ttl ?? 300;
    if (entry.CNAME && type !== 'CNAME') {
      const cname: packet.Answer = { type: 'CNAME', name, ttl, data: entry.CNAME };
      return [cname, ...records(entry.CNAME, type, depth + 1)];
    }
    switch (type) {
      case 'A':
        return (entry.A ?? []).map((data) => ({ type: 'A', name, ttl, data }));
      case 'AAAA':
        return (entry.AAAA ?? []).map((data) => ({ type: 'AAAA', name, ttl, data }));
      case 'MX':
        return (entry.MX ?? []).map((mx) => ({
          type: 'MX',
          name,
          ttl,
          data: { preference: mx.priority, exchange: mx.exchange },
        }));
      case 'TXT':
        return (entry.TXT ?? []).map((txt) => ({
          type: 'TXT',
          name,
          ttl,
          data: typeof txt === 'string' ? splitTxt(txt) : txt.flatMap(splitTxt),
        }));
      case 'CNAME':
        return entry.CNAME ? [{ type: 'CNAME', name, ttl, data: entry.CNAME }] : [];
      default:
        return [];
    }
  }

  function soa(): packet.Answer {
    return {
      type: 'SOA',
      name: 'test',
      ttl: state.negativeTtl,
      data: { mname: 'ns.test', rname: 'hostmaster.test', serial: 1, minimum: state.negativeTtl },
    };
  }

  function decode(buf: Buffer): packet.DecodedPacket | null {
    try {
      return packet.decode(buf);
    } catch {
      return null;
    }
  }

  const makeUdp = () => {
    const udp = dgram.createSocket('udp4');
    udp.on('message', (msg, rinfo) => onUdp(udp, msg, rinfo));
    return udp;
  };
  const onUdp = (udp: dgram.Socket, msg: Buffer, rinfo: dgram.RemoteInfo) => {
    const query = decode(msg);
    if (!query) return;
    let res = answer(query, 'udp');
    if (!res) return;
    if (res.length > UDP_LIMIT) {
      // Header and question only, TC set: the client must ask again over TCP.
      const q = query.questions ?? [];
      res = packet.encode({ type: 'response', id: query.id, flags: packet.TRUNCATED_RESPONSE, questions: q });
    }
    udp.send(res, rinfo.port, rinfo.address);
  };

  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buf = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 2 && buf.length >= buf.readUInt16BE(0) + 2) {
        const len = buf.readUInt16BE(0);
        const query = decode(buf.subarray(2, 2 + len));
        buf = buf.subarray(2 + len);
        const res = query && answer(query, 'tcp');
        if (!res) continue;
        const framed = Buffer.alloc(res.length + 2);
        framed.writeUInt16BE(res.length, 0);
        res.copy(framed, 2);
        socket.write(framed);
      }
    });
  });

  const { udp, port } = await bindBoth(makeUdp, tcp);
  return {
    host: '127.0.0.1',
    port,
    servers: `127.0.0.1:${port}`,
    queries,
    get negativeTtl() {
      return state.negativeTtl;
    },
    set negativeTtl(v: number) {
      state.negativeTtl = v;
    },
    setZone(next) {
      zone = normalize(next);
    },
    updateZone(patch) {
      for (const [name, entry] of normalize(patch)) zone.set(name, entry);
    },
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}

function normalize(zone: Zone): Map<string, ZoneEntry> {
  return new Map(Object.entries(zone).map(([name, entry]) => [key(name), entry]));
}

/** UDP picks a free port; TCP must get the same one, so retry if it is taken. */
async function bindBoth(
  makeUdp: () => dgram.Socket,
  tcp: net.Server,
): Promise<{ udp: dgram.Socket; port: number }> {
  for (let attempt = 0; ; attempt++) {
    const udp = makeUdp();
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(0, '127.0.0.1', () => resolve());
    });
    const port = udp.address().port;
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => {
          tcp.off('error', reject);
          resolve();
        });
      });
      return { udp, port };
    } catch (err) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      if (attempt >= 20) throw err;
    }
  }
}
