// The DATA block (RFC 5321 §4.5.2): a dot at the start of a line is doubled
// and the block ends with CRLF "." CRLF. Every line end goes out as CRLF: a
// bare CR or LF is made one (nodemailer's DataStream does the same), since a
// receiver that ends lines on a lone CR or LF could otherwise read "\n.\n" as
// the end of the data and take what follows as commands (SMTP smuggling).

const CR = 0x0d;
const LF = 0x0a;
const DOT = 0x2e;

export function dataBlock(message: Uint8Array): Uint8Array {
  const buf = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  return crlfOnly(buf) ? stuffed(buf) : normalised(message);
}

/** Whether every CR is followed by LF and every LF preceded by CR (what the MTA renders). */
function crlfOnly(buf: Buffer): boolean {
  let crs = 0;
  for (let i = buf.indexOf(CR); i !== -1; i = buf.indexOf(CR, i + 1)) {
    if (buf[i + 1] !== LF) return false;
    crs++;
  }
  let lfs = 0;
  for (let i = buf.indexOf(LF); i !== -1; i = buf.indexOf(LF, i + 1)) lfs++;
  return crs === lfs;
}

/** A CRLF-only message: copied in runs, a dot doubled at each line start (found by search, not byte by byte). */
function stuffed(buf: Buffer): Uint8Array {
  const starts: number[] = buf[0] === DOT ? [0] : [];
  for (let i = buf.indexOf("\r\n.", 0, "latin1"); i !== -1; i = buf.indexOf("\r\n.", i + 3, "latin1")) starts.push(i + 2);
  const open = buf.length > 0 && !(buf[buf.length - 2] === CR && buf[buf.length - 1] === LF);
  const out = new Uint8Array(buf.length + starts.length + (open ? 2 : 0) + 3);
  let from = 0;
  let n = 0;
  for (const at of starts) {
    out.set(buf.subarray(from, at), n);
    n += at - from;
    out[n++] = DOT;
    from = at;
  }
  out.set(buf.subarray(from), n);
  n += buf.length - from;
  if (open) {
    out[n++] = CR;
    out[n++] = LF;
  }
  out[n++] = DOT;
  out[n++] = CR;
  out[n++] = LF;
  return out;
}

/** Any other message, byte by byte: bare CR and LF made CRLF, dots doubled. */
function normalised(message: Uint8Array): Uint8Array {
  // worst case: every byte doubles (a bare CR before a dot becomes CR LF DOT DOT)
  const out = new Uint8Array(message.length * 2 + 5);
  let n = 0;
  let prev = LF; // the first line starts like any other
  for (let i = 0; i < message.length; i++) {
    const b = message[i]!;
    if (prev === CR && b !== LF) {
      out[n++] = LF;
      prev = LF;
    }
    if (b === LF && prev !== CR) out[n++] = CR;
    if (b === DOT && prev === LF) out[n++] = DOT;
    out[n++] = b;
    prev = b;
  }
  if (prev === CR) out[n++] = LF;
  else if (prev !== LF) {
    out[n++] = CR;
    out[n++] = LF;
  }
  out[n++] = DOT;
  out[n++] = CR;
  out[n++] = LF;
  return out.subarray(0, n);
}
