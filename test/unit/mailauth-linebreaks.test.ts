// mailauth's DKIM reader rewrites bare LFs to CRLF before the body hash; our
// patch (patches/mailauth@7.1.0.patch) finds the LFs with indexOf instead of
// looking at every byte. The rewrite must stay exactly what it was, whatever
// the line endings and however the message is split into chunks.
import { expect, test } from "bun:test";

// an internal module of mailauth, without type declarations
const { MessageParser } = require("mailauth/lib/dkim/message-parser") as { MessageParser: new () => { ensureLinebreaks(input: Buffer): Iterable<Buffer> } };

/** The rewrite as the unpatched reader made it: byte by byte, the previous byte carried across chunks. */
function reference(chunks: Buffer[]): string {
  let last = -1;
  let out = "";
  for (const chunk of chunks) {
    for (const c of chunk) {
      out += c === 0x0a && last !== 0x0d ? "\r\n" : String.fromCharCode(c);
      last = c;
    }
  }
  return out;
}

function patched(chunks: Buffer[]): string {
  const parser = new MessageParser();
  let out = "";
  for (const chunk of chunks) for (const part of parser.ensureLinebreaks(chunk)) out += part.toString("latin1");
  return out;
}

test("bare LFs become CRLF, CRLFs stay, across any split into chunks", () => {
  const texts = ["a\nb\r\nc\n\nd\r\n\r\ne", "\n", "x\r", "\ny\r\n\n", "z", "\r\n\n\r\r\n", "line one\r\nline two\nline three\n"];
  for (const text of texts) {
    const bytes = Buffer.from(text, "latin1");
    for (let cut = 0; cut <= bytes.length; cut++) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)].filter((c) => c.length > 0);
      expect({ text, cut, out: patched(chunks) }).toEqual({ text, cut, out: reference(chunks) });
    }
  }
  // random bytes of CR, LF and letters, cut at random places
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  for (let i = 0; i < 300; i++) {
    const bytes = Buffer.from(Array.from({ length: 1 + next(60) }, () => [0x0a, 0x0d, 0x61][next(3)]!));
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; ) {
      const len = 1 + next(8);
      chunks.push(bytes.subarray(at, at + len));
      at += len;
    }
    expect(patched(chunks)).toBe(reference(chunks));
  }
});
