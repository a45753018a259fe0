// The DATA block (RFC 5321 §4.5.2): a dot at the start of a line is doubled
// and the block ends with CRLF "." CRLF. Every line end goes out as CRLF: a
// bare CR or LF is made one (nodemailer's DataStream does the same), since a
// receiver that ends lines on a lone CR or LF could otherwise read "\n.\n" as
// the end of the data and take what follows as commands (SMTP smuggling).

const CR = 0x0d;
const LF = 0x0a;
const DOT = 0x2e;

export function dataBlock(message: Uint8Array): Uint8Array {
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
