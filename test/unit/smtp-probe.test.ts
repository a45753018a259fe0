import { afterEach, describe, expect, test } from 'bun:test';
import net from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { probeMailbox, type ProbeOptions } from '../../src/modules/verification/smtp-probe.ts';

type RcptRule = (address: string) => { code: number; message: string } | null;

interface Peer {
  port: number;
  commands: string[];
  close(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** A real smtp-server peer; its logger records every command line the client sent. */
async function startPeer(opts: { rcpt: RcptRule; mail?: RcptRule }): Promise<Peer> {
  const commands: string[] = [];
  const noop = () => {};
  const logger = {
    info: noop,
    warn: noop,
    error: noop,
    trace: noop,
    fatal: noop,
    debug: (meta: { tnx?: string }, _fmt: string, line?: string) => {
      if (meta?.tnx === 'command' && typeof line === 'string') commands.push(line);
    },
  };
  const server = new SMTPServer({
    logger: logger as never,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true, // loopback only: no PTR lookups leaving the machine
    authOptional: true,
    onMailFrom(address: SMTPServerAddress, _s, cb) {
      const r = opts.mail?.(address.address);
      cb(r ? smtpError(r.code, r.message) : null);
    },
    onRcptTo(address: SMTPServerAddress, _s, cb) {
      const r = opts.rcpt(address.address);
      cb(r ? smtpError(r.code, r.message) : null);
    },
    onData(stream, _s, cb) {
      commands.push('DATA-STREAM'); // must never happen
      stream.resume();
      stream.on('end', () => cb());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  const peer = { port, commands, close: () => new Promise<void>((r) => server.close(() => r())) };
  cleanups.push(peer.close);
  return peer;
}

/** A hand-scripted SMTP peer: `greeting` on connect, then `reply(line)` per line (null = stay silent). */
async function startScripted(greeting: string | null, reply: (line: string) => string | null) {
  const lines: string[] = [];
  const sockets = new Set<net.Socket>();
  let sawClose!: () => void;
  const closed = new Promise<void>((r) => (sawClose = r));
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      sawClose();
    });
    socket.on('error', () => {});
    if (greeting !== null) socket.write(greeting);
    let buf = '';
    socket.on('data', (d) => {
      buf += d.toString('utf8');
      let nl: number;
      while ((nl = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        lines.push(line);
        const out = reply(line);
        if (out !== null) socket.write(out);
        if (line === 'QUIT') socket.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as net.AddressInfo).port;
  cleanups.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });
  return { port, lines, closed };
}

const base = {
  host: '127.0.0.1',
  heloName: 'probe.nearbound.test',
  mailFrom: 'bounce@nearbound.test',
  timeouts: { connectMs: 1000, commandMs: 1000, totalMs: 5000 },
};
const probe = (port: number, address: string, extra: Partial<ProbeOptions> = {}) =>
  probeMailbox({ ...base, port, address, ...extra });

const commandNames = (p: Peer) => p.commands.map((c) => c.split(/[ :]/)[0].toUpperCase());
const onlyJane: RcptRule = (a) => (a === 'jane@example.test' ? null : { code: 550, message: '5.1.1 No such user here' });

describe('against smtp-server', () => {
  test('an existing mailbox on a strict server is accepted', async () => {
    const peer = await startPeer({ rcpt: onlyJane });
    const r = await probe(peer.port, 'jane@example.test', { randomLocalPart: () => 'zzrandom' });
    expect(r).toMatchObject({ outcome: 'accepted', code: 250 });
    expect(r.reply).toStartWith('250 ');
    expect(commandNames(peer)).toEqual(['EHLO', 'MAIL', 'RCPT', 'RCPT', 'RSET', 'QUIT']);
    expect(peer.commands).toContain('RCPT TO:<zzrandom@example.test>');
    expect(peer.commands).toContain('MAIL FROM:<bounce@nearbound.test>');
  });

  test('a missing mailbox is rejected with its codes', async () => {
    const peer = await startPeer({ rcpt: onlyJane });
    const r = await probe(peer.port, 'nobody@example.test');
    expect(r).toEqual({
      outcome: 'rejected',
      code: 550,
      enhancedCode: '5.1.1',
      reply: '550 5.1.1 No such user here',
    });
    expect(commandNames(peer)).toEqual(['EHLO', 'MAIL', 'RCPT', 'RSET', 'QUIT']);
  });

  test('a server accepting any local part is catch_all', async () => {
    const peer = await startPeer({ rcpt: () => null });
    const r = await probe(peer.port, 'anyone@example.test');
    expect(r).toMatchObject({ outcome: 'catch_all', code: 250 });
    expect(commandNames(peer)).toEqual(['EHLO', 'MAIL', 'RCPT', 'RCPT', 'RSET', 'QUIT']);
  });

  test('a 4xx (greylisting) is temporary', async () => {
    const peer = await startPeer({ rcpt: () => ({ code: 450, message: '4.2.1 Greylisted, try later' }) });
    expect(await probe(peer.port, 'jane@example.test')).toEqual({
      outcome: 'temporary',
      code: 450,
      enhancedCode: '4.2.1',
      reply: '450 4.2.1 Greylisted, try later',
    });
  });

  test('a 5.7.x policy refusal says nothing about the mailbox', async () => {
    const peer = await startPeer({ rcpt: () => ({ code: 554, message: '5.7.1 Client host blocked' }) });
    expect(await probe(peer.port, 'jane@example.test')).toMatchObject({
      outcome: 'unknown',
      code: 554,
      enhancedCode: '5.7.1',
    });
  });

  test('551 and 553 are rejections', async () => {
    for (const code of [551, 553]) {
      const peer = await startPeer({ rcpt: () => ({ code, message: `5.1.${code - 550} nope` }) });
      expect(await probe(peer.port, 'jane@example.test')).toMatchObject({ outcome: 'rejected', code });
    }
  });

  test('MAIL FROM refused: 5xx is unknown, 4xx temporary, and RCPT is never sent', async () => {
    const hard = await startPeer({ rcpt: () => null, mail: () => ({ code: 550, message: '5.7.1 Sender refused' }) });
    expect(await probe(hard.port, 'jane@example.test')).toMatchObject({ outcome: 'unknown', code: 550 });
    expect(commandNames(hard)).not.toContain('RCPT');
    const soft = await startPeer({ rcpt: () => null, mail: () => ({ code: 451, message: '4.3.0 Try again' }) });
    expect(await probe(soft.port, 'jane@example.test')).toMatchObject({ outcome: 'temporary', code: 451 });
  });

  test('a UTF-8 address is sent with SMTPUTF8', async () => {
    const peer = await startPeer({ rcpt: (a) => (a === 'üser@example.test' ? null : { code: 550, message: '5.1.1 no' }) });
    expect(await probe(peer.port, 'üser@example.test')).toMatchObject({ outcome: 'accepted' });
    expect(peer.commands).toContain('MAIL FROM:<bounce@nearbound.test> SMTPUTF8');
  });

  test('the server never sees DATA', async () => {
    const peer = await startPeer({ rcpt: () => null });
    await probe(peer.port, 'jane@example.test');
    await probe(peer.port, 'other@example.test');
    expect(peer.commands.length).toBeGreaterThan(0);
    expect(peer.commands.some((c) => /^(DATA|BDAT)/i.test(c) || c === 'DATA-STREAM')).toBe(false);
  });
});

describe('against scripted peers', () => {
  const ehloOnly = (line: string) =>
    line.startsWith('EHLO')
      ? '250-mx.example.test\r\n250-PIPELINING\r\n250 8BITMIME\r\n'
      : line.startsWith('RCPT TO:<jane@')
        ? '550-5.1.1 The email account that you tried to reach does not exist.\r\n550-5.1.1 Please check\r\n550 5.1.1 https://support.example/answer\r\n'
        : line === 'QUIT'
          ? '221 bye\r\n'
          : '250 ok\r\n';

  test('multi-line greeting and replies are read whole', async () => {
    const peer = await startScripted('220-mx.example.test ESMTP\r\n220-no UCE\r\n220 ready\r\n', ehloOnly);
    const r = await probe(peer.port, 'jane@example.test');
    expect(r).toEqual({
      outcome: 'rejected',
      code: 550,
      enhancedCode: '5.1.1',
      reply:
        '550 5.1.1 The email account that you tried to reach does not exist. 5.1.1 Please check 5.1.1 https://support.example/answer',
    });
    expect(peer.lines).toEqual([
      'EHLO probe.nearbound.test',
      'MAIL FROM:<bounce@nearbound.test>',
      'RCPT TO:<jane@example.test>',
      'RSET',
      'QUIT',
    ]);
  });

  test('falls back to HELO when EHLO is refused', async () => {
    const peer = await startScripted('220 old server\r\n', (line) =>
      line.startsWith('EHLO') ? '502 5.5.2 Command not recognized\r\n' : line === 'QUIT' ? '221 bye\r\n' : '250 ok\r\n',
    );
    const r = await probe(peer.port, 'jane@example.test', { randomLocalPart: () => 'r' });
    expect(r).toMatchObject({ outcome: 'catch_all', code: 250 });
    expect(peer.lines.slice(0, 2)).toEqual(['EHLO probe.nearbound.test', 'HELO probe.nearbound.test']);
  });

  test('a UTF-8 address without SMTPUTF8 is unknown and never reaches RCPT', async () => {
    const peer = await startScripted('220 hi\r\n', ehloOnly);
    expect(await probe(peer.port, 'üser@example.test')).toEqual({
      outcome: 'unknown',
      code: null,
      enhancedCode: null,
      reply: null,
    });
    expect(peer.lines.some((l) => l.startsWith('MAIL') || l.startsWith('RCPT'))).toBe(false);
  });

  test('greeting 554 is unknown, 421 temporary', async () => {
    const no = await startScripted('554 5.7.1 no SMTP service here\r\n', () => null);
    expect(await probe(no.port, 'jane@example.test')).toMatchObject({ outcome: 'unknown', code: 554 });
    const busy = await startScripted('421 4.3.2 busy\r\n', () => null);
    expect(await probe(busy.port, 'jane@example.test')).toMatchObject({ outcome: 'temporary', code: 421 });
  });

  test('a server that closes right after its greeting is unknown', async () => {
    const hangup = net.createServer((s) => s.end('554 go away\r\n'));
    await new Promise<void>((r) => hangup.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise<void>((r) => hangup.close(() => r())));
    const port = (hangup.address() as net.AddressInfo).port;
    expect(await probe(port, 'jane@example.test')).toMatchObject({ outcome: 'unknown', code: 554 });
  });

  test('a server that never answers times out and the socket is closed', async () => {
    const peer = await startScripted(null, () => null);
    const started = performance.now();
    const r = await probe(peer.port, 'jane@example.test', {
      timeouts: { connectMs: 1000, commandMs: 150, totalMs: 5000 },
    });
    expect(r).toEqual({ outcome: 'unknown', code: null, enhancedCode: null, reply: null });
    expect(performance.now() - started).toBeLessThan(1500);
    await peer.closed;
  });

  test('the total deadline cuts a slow dialogue short', async () => {
    // Answers the greeting and EHLO, then stalls; commandMs alone would wait 10 s.
    const peer = await startScripted('220 hi\r\n', (line) => (line.startsWith('EHLO') ? '250 hi\r\n' : null));
    const started = performance.now();
    const r = await probe(peer.port, 'jane@example.test', {
      timeouts: { connectMs: 1000, commandMs: 10_000, totalMs: 200 },
    });
    expect(r.outcome).toBe('unknown');
    expect(performance.now() - started).toBeLessThan(1500);
    await peer.closed;
  });

  test('an answered address keeps its outcome when the catch-all check stalls', async () => {
    const peer = await startScripted('220 hi\r\n', (line) =>
      line.startsWith('RCPT TO:<jane@') ? '250 2.1.5 ok\r\n' : line.startsWith('RCPT') ? null : '250 ok\r\n',
    );
    const r = await probe(peer.port, 'jane@example.test', {
      timeouts: { connectMs: 1000, commandMs: 150, totalMs: 5000 },
    });
    expect(r).toEqual({ outcome: 'accepted', code: 250, enhancedCode: '2.1.5', reply: '250 2.1.5 ok' });
  });

  test('a refused connection is unknown', async () => {
    const tmp = net.createServer();
    await new Promise<void>((r) => tmp.listen(0, '127.0.0.1', () => r()));
    const port = (tmp.address() as net.AddressInfo).port;
    await new Promise<void>((r) => tmp.close(() => r()));
    expect(await probe(port, 'jane@example.test')).toMatchObject({ outcome: 'unknown', code: null });
  });

  test('garbage instead of SMTP is unknown', async () => {
    const peer = await startScripted('HTTP/1.1 400 Bad Request\r\n\r\n', () => null);
    expect(await probe(peer.port, 'jane@example.test')).toMatchObject({ outcome: 'unknown', code: null });
  });
});

test('CR/LF in arguments is refused before connecting', async () => {
  await expect(probe(1, 'jane@example.test\r\nDATA')).rejects.toThrow(TypeError);
  await expect(probe(1, 'jane@example.test', { heloName: 'x\nDATA' })).rejects.toThrow(TypeError);
});
