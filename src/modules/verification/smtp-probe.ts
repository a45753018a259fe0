// Mailbox probe over plain SMTP: greeting, EHLO (HELO fallback), MAIL FROM, RCPT TO the
// address, RCPT TO a random local part (catch-all check), RSET, QUIT. Never DATA:
// nothing is ever sent. Every wait has a timer and the whole probe has a hard deadline.
import net from 'node:net';
import { randomBytes } from 'node:crypto';

export type ProbeOutcome = 'accepted' | 'rejected' | 'catch_all' | 'temporary' | 'unknown';

export interface ProbeResult {
  outcome: ProbeOutcome;
  code: number | null;
  enhancedCode: string | null;
  /** The deciding reply (all its lines), control characters removed, at most 512 chars. */
  reply: string | null;
}

export interface ProbeOptions {
  host: string;
  port: number;
  heloName: string;
  mailFrom: string;
  address: string;
  timeouts: { connectMs: number; commandMs: number; totalMs: number };
  /** Local part for the catch-all check; random by default. */
  randomLocalPart?: () => string;
}

interface Reply {
  code: number;
  lines: string[];
}

const MAX_LINE = 4096;
const MAX_LINES = 100;

export async function probeMailbox(opts: ProbeOptions): Promise<ProbeResult> {
  for (const v of [opts.heloName, opts.mailFrom, opts.address]) {
    // These go into command lines verbatim; a CR/LF would let a caller inject commands.
    if (/[\r\n\0]/.test(v)) throw new TypeError('probeMailbox: CR, LF or NUL in a command argument');
  }
  const domain = opts.address.slice(opts.address.lastIndexOf('@') + 1);
  const random = (opts.randomLocalPart ?? (() => `x${randomBytes(8).toString('hex')}`))();
  const { connectMs, commandMs, totalMs } = opts.timeouts;

  const session = openSession(opts.host, opts.port);
  const deadline = setTimeout(() => session.abort('total timeout'), totalMs);
  // The outcome so far: once the address's RCPT is answered, later failures keep it.
  let known: ProbeResult | null = null;
  try {
    await session.connected(connectMs);
    const greeting = await session.read(commandMs);
    if (greeting.code !== 220) return failure(greeting);

    let hello = await session.command(`EHLO ${opts.heloName}`, commandMs);
    const ehloOk = isOk(hello);
    if (!ehloOk) hello = await session.command(`HELO ${opts.heloName}`, commandMs);
    if (!isOk(hello)) return failure(hello);

    // A UTF-8 address needs SMTPUTF8 (RFC 6531); without it the answer would say nothing.
    const utf8 = /[^\x00-\x7f]/.test(opts.address + opts.mailFrom);
    if (utf8 && !(ehloOk && hello.lines.some((l) => /^SMTPUTF8\b/i.test(l)))) return unknown();

    const mail = await session.command(`MAIL FROM:<${opts.mailFrom}>${utf8 ? ' SMTPUTF8' : ''}`, commandMs);
    if (!isOk(mail)) return failure(mail);

    const rcpt = await session.command(`RCPT TO:<${opts.address}>`, commandMs);
    known = classifyRcpt(rcpt);
    if (known.outcome === 'accepted') {
      try {
        const other = await session.command(`RCPT TO:<${random}@${domain}>`, commandMs);
        // Accepting a made-up mailbox too means the server accepts everything.
        if (isOk(other)) known = { ...known, outcome: 'catch_all' };
      } catch {
        return known; // the address itself was answered; the catch-all check is best effort
      }
    }
    await session.command('RSET', commandMs);
    await session.command('QUIT', commandMs);
    return known;
  } catch {
    return known ?? unknown();
  } finally {
    clearTimeout(deadline);
    session.abort('done');
  }
}

function isOk(r: Reply): boolean {
  return r.code >= 200 && r.code < 300;
}

function classifyRcpt(r: Reply): ProbeResult {
  if (isOk(r)) return result('accepted', r);
  if (r.code >= 400 && r.code < 500) return result('temporary', r);
  if (r.code >= 500 && r.code < 600) {
    // 5.7.x is policy (our IP blocklisted, relaying denied): it says nothing about the mailbox.
    return result(enhanced(r)?.startsWith('5.7.') ? 'unknown' : 'rejected', r);
  }
  return result('unknown', r);
}

/** A non-2xx reply before RCPT: about the server or us, never about the mailbox. */
function failure(r: Reply): ProbeResult {
  return result(r.code >= 400 && r.code < 500 ? 'temporary' : 'unknown', r);
}

function unknown(): ProbeResult {
  return { outcome: 'unknown', code: null, enhancedCode: null, reply: null };
}

function result(outcome: ProbeOutcome, r: Reply): ProbeResult {
  const text = `${r.code} ${r.lines.join(' ')}`.replace(/[\x00-\x1f\x7f]+/g, ' ').trim();
  return { outcome, code: r.code, enhancedCode: enhanced(r), reply: text.slice(0, 512) };
}

/** RFC 3463 status from the first line, only when its class matches the reply code. */
function enhanced(r: Reply): string | null {
  const m = /^([245])\.(\d{1,3})\.(\d{1,3})(?=\s|$)/.exec(r.lines[0] ?? '');
  return m && m[1] === String(r.code)[0] ? `${m[1]}.${m[2]}.${m[3]}` : null;
}

interface Session {
  connected(timeoutMs: number): Promise<void>;
  read(timeoutMs: number): Promise<Reply>;
  command(line: string, timeoutMs: number): Promise<Reply>;
  abort(reason: string): void;
}

/** A socket plus a reply parser; every wait rejects on its timer, a close, or abort. */
function openSession(host: string, port: number): Session {
  const socket = net.connect({ host, port });
  socket.setEncoding('utf8');
  const replies: Reply[] = [];
  let partial: string[] = [];
  let buffer = '';
  let failed: Error | null = null;
  let isConnected = false;
  let wake: (() => void) | null = null;

  const fail = (err: Error) => {
    failed ??= err;
    socket.destroy();
    wake?.();
  };
  socket.on('connect', () => {
    isConnected = true;
    wake?.();
  });
  socket.on('error', (err) => fail(err));
  socket.on('close', () => fail(new Error('connection closed')));
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
      const m = /^(\d{3})(?:([ -])(.*))?$/.exec(line);
      if (!m || partial.length >= MAX_LINES) return fail(new Error('malformed SMTP reply'));
      partial.push(m[3] ?? '');
      if (m[2] !== '-') {
        replies.push({ code: Number(m[1]), lines: partial });
        partial = [];
      }
    }
    if (buffer.length > MAX_LINE) fail(new Error('SMTP reply line too long'));
    wake?.();
  });

  /** Resolves when `ready()` gives a value; rejects on failure or after timeoutMs. */
  function waitFor<T>(ready: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`timeout waiting for ${what}`)), timeoutMs);
      const check = () => {
        // Replies that arrived before a close still count (e.g. "554 go away" then FIN).
        const value = ready();
        if (value === undefined && !failed) return;
        clearTimeout(timer);
        wake = null;
        if (value !== undefined) resolve(value);
        else reject(failed);
      };
      wake = check;
      check();
    });
  }

  return {
    connected: (ms) => waitFor(() => (isConnected ? true : undefined), ms, 'connect').then(() => {}),
    read: (ms) => waitFor(() => replies.shift(), ms, 'reply'),
    command(line, ms) {
      if (failed) return Promise.reject(failed);
      socket.write(`${line}\r\n`);
      return waitFor(() => replies.shift(), ms, line.split(' ')[0]);
    },
    abort: (reason) => fail(new Error(reason)),
  };
}
